// The run's emulator and ONE instance for every file (shared.config.ts).
import type { TestProject } from "vitest/node";
import { createTestInstance, runEmulator, type EmulatorConnection, type MadeInstance } from "svc-emulator/testing";

declare module "vitest" {
  export interface ProvidedContext {
    svcEmulatorShared: { connection: EmulatorConnection; instance: MadeInstance };
  }
}

export default async function setup(project: TestProject) {
  const run = await runEmulator();
  const i = await createTestInstance(run.connection, { name: "shared" });
  project.provide("svcEmulatorShared", {
    connection: run.connection,
    instance: { id: i.id, name: i.name, domains: [i.domain], issuer: i.issuer, adminPat: i.adminPat },
  });
  return run.stop;
}
