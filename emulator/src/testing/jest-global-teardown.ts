// Jest's globalTeardown (`svc-emulator/testing/jest-global-teardown`): stops the emulator the global setup started.

import { RUN_KEY } from "./jest-global-setup.js";
import type { RunEmulator } from "./run-emulator.js";

export default async function globalTeardown(): Promise<void> {
  await ((globalThis as Record<symbol, unknown>)[RUN_KEY] as RunEmulator | undefined)?.stop();
}
