// The public library API of svc-emulator.

export { startEmulator, DEFAULT_FIXTURES, type Emulator, type EmulatorOptions } from "./emulator.js";
export type { FixtureFile } from "./fixtures/fixture-file.js";
