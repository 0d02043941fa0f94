// svc-emulator/testing: the pieces every runner's adapter is made of, for runners without one (or a
// setup of your own): the run's emulator, a worker's instance, and the fetch that reaches an instance.

export { startEmulatorProcess, type EmulatorProcess, type EmulatorProcessOptions } from "./emulator-process.js";
export { connectionFromEnv, exportConnection, runEmulator, type EmulatorConnection, type RunEmulator } from "./run-emulator.js";
export { createTestInstance, testInstanceOf, type MadeInstance, type SeedOption, type TestInstance, type TestInstanceOptions } from "./test-instance.js";
export { fileInstance, type PerTest, type RunnerHooks, type UseInstanceOptions } from "./use-instance.js";
export { fetchByHost } from "./instance-fetch.js";
export type { SeededIds } from "./seeded-ids.js";
