// What every runner's adapter shares: a test file's instance made in the runner's before-all hook, and
// brought back before each test when asked (docs/behaviour.md "Test-runner fixtures"): "reset" to what
// the seed made, `{ restore: name }` to a snapshot the file took (e.g. at the end of its own before-all).

import { createTestInstance, type TestInstance, type TestInstanceOptions } from "./test-instance.js";
import type { EmulatorConnection } from "./run-emulator.js";

/** What happens to the instance before each test: nothing (default), a reset, or a snapshot restored. */
export type PerTest = "none" | "reset" | { restore: string };

export interface UseInstanceOptions extends TestInstanceOptions {
  perTest?: PerTest;
}

/** The runner's hooks; each takes a timeout in milliseconds (a cold emulator on a busy CI machine answers its first instance in seconds). */
export interface RunnerHooks {
  beforeAll(fn: () => Promise<void>, timeoutMs: number): void;
  beforeEach(fn: () => Promise<void>, timeoutMs: number): void;
}

/** The hooks' timeout: well above the milliseconds an instance takes, below a stuck run's. */
export const HOOK_TIMEOUT_MS = 60_000;

/** The step run before each test, or none. */
export function perTestStep(perTest: PerTest | undefined): ((instance: TestInstance) => Promise<void>) | undefined {
  if (perTest === undefined || perTest === "none") return undefined;
  if (perTest === "reset") return (i) => i.reset();
  if (typeof perTest === "object" && typeof perTest.restore === "string") return (i) => i.restore(perTest.restore);
  throw new TypeError(`svc-emulator: perTest must be "none", "reset" or { restore: "<snapshot name>" }, not ${JSON.stringify(perTest)}`);
}

/**
 * Registers the hooks and answers the instance; its members can be read once the before-all hook has
 * run (in tests and later hooks), and reading one earlier throws saying so.
 */
export function fileInstance(hooks: RunnerHooks, connect: () => EmulatorConnection, options: UseInstanceOptions = {}): TestInstance {
  const each = perTestStep(options.perTest);
  let instance: TestInstance | undefined;
  hooks.beforeAll(async () => {
    instance = await createTestInstance(connect(), options);
  }, HOOK_TIMEOUT_MS);
  if (each) hooks.beforeEach(() => each(instance!), HOOK_TIMEOUT_MS);
  return new Proxy({} as TestInstance, {
    get(_, key) {
      // Not a promise: `await` on it must not read members before the hook ran.
      if (key === "then") return undefined;
      if (!instance) throw new Error(`svc-emulator: the instance is made in the before-all hook; read ${String(key)} inside a test or a later hook`);
      return instance[key as keyof TestInstance];
    },
  });
}
