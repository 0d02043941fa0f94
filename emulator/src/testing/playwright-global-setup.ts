// Playwright's globalSetup (`svc-emulator/testing/playwright-global-setup`): the run's emulator, handed to
// the workers through the environment they inherit; the function it answers is Playwright's teardown.

import { runForWorkers } from "./run-emulator.js";

export default async function globalSetup(): Promise<() => Promise<void>> {
  return (await runForWorkers()).stop;
}
