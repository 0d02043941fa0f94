// emu.instances (issue 26): instances made and seeded from the library, each with its own reset and
// snapshots. A fixture file may be named by its path here (the control API takes only content).

import type { InstanceSeeds, Seed } from "../fixtures/instance-seeds.js";
import { readFixtureFile } from "../fixtures/seed.js";
import type { EmulatorInstance, EmulatorInstances, InstanceSeedOption } from "./handle.js";

/** A seed as the handle takes it: a fixture file path is read here. */
function seedOf(seed: InstanceSeedOption): Seed {
  if ("fixtures" in seed && typeof seed.fixtures === "string" && seed.fixtures !== "default") return { fixtures: readFixtureFile(seed.fixtures) };
  return seed;
}

export function handleInstances(seeds: InstanceSeeds, port: number): EmulatorInstances {
  return {
    async create(input = {}) {
      const made = await seeds.create({ name: input.name, domain: input.domain, seed: input.seed && seedOf(input.seed) });
      const instance: EmulatorInstance = {
        id: made.id,
        name: made.name,
        domains: made.domains,
        issuer: `http://${made.domains[0]}:${port}`,
        adminPat: made.adminPat,
        reset: () => seeds.reset(made.id),
        snapshot: (name) => seeds.snapshot(made.id, name).info,
        restore: (name) => seeds.restore(made.id, name),
      };
      return instance;
    },
  };
}
