// Vitest (`svc-emulator/testing/vitest`): `globalSetup: ["svc-emulator/testing/vitest"]` starts one
// emulator for the run (or takes SVC_EMULATOR_URL and SVC_EMULATOR_CONSOLE_TOKEN) and provides its URL and
// console token to the workers; `svcEmulatorInstance()` in a test file gives that file an instance of its own.

import { beforeAll, beforeEach, inject } from "vitest";
import type { TestProject } from "vitest/node";
import type { EmulatorProcessOptions } from "./emulator-process.js";
import { type EmulatorConnection, requireConnection, runEmulator } from "./run-emulator.js";
import type { TestInstance } from "./test-instance.js";
import { type UseInstanceOptions, fileInstance } from "./use-instance.js";

declare module "vitest" {
  export interface ProvidedContext {
    svcEmulator: EmulatorConnection;
  }
}

/** A global setup with more `svc-emulator start` arguments: `export default svcEmulatorGlobalSetup({ args: [...] })`. */
export function svcEmulatorGlobalSetup(options: EmulatorProcessOptions = {}) {
  return async (project: TestProject): Promise<() => Promise<void>> => {
    const run = await runEmulator(options);
    project.provide("svcEmulator", run.connection);
    return run.stop;
  };
}

export default svcEmulatorGlobalSetup();

/** This test file's own instance, seeded like every other file's (default: the default fixtures). */
export function svcEmulatorInstance(options: UseInstanceOptions = {}): TestInstance {
  const connect = () => requireConnection(inject("svcEmulator"), 'add globalSetup: ["svc-emulator/testing/vitest"] to the test config');
  return fileInstance({ beforeAll, beforeEach }, connect, { name: `vitest-${process.env.VITEST_POOL_ID ?? "0"}`, ...options });
}

export type { TestInstance, SeedOption } from "./test-instance.js";
export type { PerTest, UseInstanceOptions } from "./use-instance.js";
