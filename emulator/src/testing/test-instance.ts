// A test worker's (or test file's) own instance of the run's emulator (docs/behaviour.md "Test-runner
// fixtures"): made by `POST /emulator/v1/instances` with the seed every worker gets alike, then handed to
// the test with its URL and issuer (its own host name), tokens, the seeded ids, a fetch that reaches it
// by that name, and its reset and snapshots, which act on it alone.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { postJson } from "../cli/remote.js";
import { fetchByHost } from "./instance-fetch.js";
import type { EmulatorConnection } from "./run-emulator.js";
import { type SeededIds, seededIds } from "./seeded-ids.js";

/**
 * What an instance is seeded from: a fixture file (its path, relative to the working directory, its
 * parsed content, or "default": the package's default seed), or an org export (path or parsed).
 */
export type SeedOption = { fixtures: string | object } | { document: string | object };

export interface TestInstanceOptions {
  /** Shown in the instance's name and host name (e.g. `vitest-3`); the host name also carries the instance id. */
  name?: string;
  /** Default: `{ fixtures: "default" }`. */
  seed?: SeedOption;
}

export interface TestInstance {
  id: string;
  name: string;
  /** The instance's host name, e.g. `vitest-3-101958716004950000.localhost`. */
  domain: string;
  /** Where the instance is reached: `http://<domain>:<port>` (browsers resolve `*.localhost`; Node code uses `fetch` below). */
  url: string;
  /** The `iss` of its tokens and its discovery's issuer (the same origin as url). */
  issuer: string;
  /** The emulator itself (loopback: its default instance, the control API and the UI). */
  emulatorUrl: string;
  /** A PAT of the instance owner the seed made (fixtures' `adminPat: true`), else "". */
  adminPat: string;
  /** The control API's token: it reaches every instance of the run's emulator, not this one alone. */
  consoleToken: string;
  ids: SeededIds;
  /** A fetch that reaches `url` (or any instance's URL) by its host name on the emulator's address. */
  fetch: typeof fetch;
  /** Back to what the seed made, in milliseconds; other instances keep serving. */
  reset(): Promise<void>;
  snapshot(name: string): Promise<void>;
  restore(name: string): Promise<void>;
}

/** A seed as the control API takes it: file paths read here (the control API takes content only). */
function seedBody(seed: SeedOption): { fixtures: unknown } | { document: unknown } {
  const read = (v: string | object) => (typeof v === "string" && v !== "default" ? JSON.parse(readFileSync(resolve(v), "utf8")) : v);
  return "document" in seed ? { document: read(seed.document) } : { fixtures: read(seed.fixtures) };
}

/** An instance as `POST /emulator/v1/instances` answers it. */
export interface MadeInstance {
  id: string;
  name: string;
  domains: string[];
  issuer: string;
  adminPat: string;
}

export async function createTestInstance(connection: EmulatorConnection, options: TestInstanceOptions = {}): Promise<TestInstance> {
  const body = { ...(options.name ? { name: options.name } : {}), seed: seedBody(options.seed ?? { fixtures: "default" }) };
  const made = await postJson({ url: connection.url, token: connection.consoleToken }, "/emulator/v1/instances", body);
  return testInstanceOf(connection, made as MadeInstance);
}

/** The handle of an instance that exists already (made by createTestInstance, or by a setup of your own). */
export async function testInstanceOf(connection: EmulatorConnection, made: MadeInstance): Promise<TestInstance> {
  const remote = { url: connection.url, token: connection.consoleToken };
  const domain = made.domains[0]!;
  const at = new URL(connection.url);
  const instancePath = `/emulator/v1/instances/${made.id}`;
  return {
    id: made.id,
    name: made.name,
    domain,
    url: made.issuer,
    issuer: made.issuer,
    emulatorUrl: connection.url,
    adminPat: made.adminPat,
    consoleToken: connection.consoleToken,
    ids: await seededIds(connection.url, domain, made.adminPat),
    fetch: fetchByHost(Number(at.port || 80), at.hostname.replace(/^\[|\]$/g, "")),
    reset: async () => void (await postJson(remote, `${instancePath}/_reset`, {})),
    snapshot: async (name) => void (await postJson(remote, `${instancePath}/snapshots`, { name })),
    restore: async (name) => void (await postJson(remote, `${instancePath}/snapshots/${encodeURIComponent(name)}/_restore`, {})),
  };
}
