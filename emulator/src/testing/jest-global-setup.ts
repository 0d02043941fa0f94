// Jest's globalSetup (`svc-emulator/testing/jest-global-setup`): the run's emulator, handed to the
// workers through the environment they inherit; jest-global-teardown.ts stops it (Jest runs both in its
// main process and shares globalThis between them).

import { runForWorkers } from "./run-emulator.js";

export const RUN_KEY = Symbol.for("svc-emulator.testing.run");

export default async function globalSetup(): Promise<void> {
  (globalThis as Record<symbol, unknown>)[RUN_KEY] = await runForWorkers();
}
