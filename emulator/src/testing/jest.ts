// Jest (`svc-emulator/testing/jest`): with `globalSetup: "svc-emulator/testing/jest-global-setup"` and
// `globalTeardown: "svc-emulator/testing/jest-global-teardown"` one emulator serves the run, its URL and
// console token passed to the workers in SVC_EMULATOR_URL and SVC_EMULATOR_CONSOLE_TOKEN;
// `svcEmulatorInstance()` in a test file gives that file an instance of its own (Jest's globals are its hooks).

import { connectionFromEnv, requireConnection } from "./run-emulator.js";
import type { TestInstance } from "./test-instance.js";
import { type RunnerHooks, type UseInstanceOptions, fileInstance } from "./use-instance.js";

export function svcEmulatorInstance(options: UseInstanceOptions = {}): TestInstance {
  const hooks = globalThis as unknown as Partial<RunnerHooks>;
  if (typeof hooks.beforeAll !== "function" || typeof hooks.beforeEach !== "function")
    throw new Error("svc-emulator: svcEmulatorInstance() needs Jest's globals beforeAll and beforeEach (injectGlobals)");
  const connect = () => requireConnection(connectionFromEnv(), 'add globalSetup: "svc-emulator/testing/jest-global-setup" and its teardown to the Jest config');
  return fileInstance(hooks as RunnerHooks, connect, { name: `jest-${process.env.JEST_WORKER_ID ?? "0"}`, ...options });
}

export type { TestInstance, SeedOption } from "./test-instance.js";
export type { PerTest, UseInstanceOptions } from "./use-instance.js";
