// node:test (`svc-emulator/testing/node-test`): `svcEmulatorInstance()` in a test file gives that file (a
// process of its own under `node --test`) an instance of the emulator that node-test-setup.ts started.

import { before, beforeEach } from "node:test";
import { connectionFromEnv, requireConnection } from "./run-emulator.js";
import type { TestInstance } from "./test-instance.js";
import { type UseInstanceOptions, fileInstance } from "./use-instance.js";

export function svcEmulatorInstance(options: UseInstanceOptions = {}): TestInstance {
  const connect = () => requireConnection(connectionFromEnv(), "run node with --import svc-emulator/testing/node-test-setup");
  return fileInstance({ beforeAll: (fn, timeout) => before(fn, { timeout }), beforeEach: (fn, timeout) => beforeEach(fn, { timeout }) }, connect, {
    name: `node-test-${process.pid}`,
    ...options,
  });
}

export type { TestInstance, SeedOption } from "./test-instance.js";
export type { PerTest, UseInstanceOptions } from "./use-instance.js";
