// Playwright Test (`svc-emulator/testing/playwright`): `globalSetup: "svc-emulator/testing/playwright-global-setup"`
// (or the `webServer` form below) gives the run one emulator; `base.extend(svcEmulatorFixtures)` gives each
// worker an instance of its own (the `svcEmulator` fixture, worker-scoped), seeded alike, and resets or
// restores it before each test when `svcEmulatorPerTest` asks.

import { randomBytes } from "node:crypto";
import type { Fixtures } from "@playwright/test";
import { commandPath } from "./emulator-process.js";
import { connectionFromEnv, exportConnection, requireConnection } from "./run-emulator.js";
import { createTestInstance, type SeedOption, type TestInstance } from "./test-instance.js";
import { type PerTest, perTestStep } from "./use-instance.js";

export interface SvcEmulatorTestFixtures {
  /** Before each test: "none" (default), "reset", or `{ restore: "<snapshot>" }`. */
  svcEmulatorPerTest: PerTest;
  svcEmulatorEachTest: undefined;
}

export interface SvcEmulatorWorkerFixtures {
  /** This worker's instance. */
  svcEmulator: TestInstance;
  /** What every worker's instance is seeded from (default: the default fixtures). */
  svcEmulatorSeed: SeedOption;
}

export const svcEmulatorFixtures: Fixtures<SvcEmulatorTestFixtures, SvcEmulatorWorkerFixtures> = {
  svcEmulatorSeed: [{ fixtures: "default" }, { scope: "worker", option: true }],
  svcEmulator: [
    async ({ svcEmulatorSeed }, use, workerInfo) => {
      const connection = requireConnection(connectionFromEnv(), 'set globalSetup: "svc-emulator/testing/playwright-global-setup" or svcEmulatorWebServer()');
      await use(await createTestInstance(connection, { name: `playwright-${workerInfo.workerIndex}`, seed: svcEmulatorSeed }));
    },
    { scope: "worker" },
  ],
  svcEmulatorPerTest: ["none", { option: true }],
  svcEmulatorEachTest: [
    async ({ svcEmulator, svcEmulatorPerTest }, use) => {
      await perTestStep(svcEmulatorPerTest)?.(svcEmulator);
      await use(undefined);
    },
    { auto: true },
  ],
};

export interface WebServerOptions {
  /** The port the emulator listens on (Playwright waits for it). */
  port: number;
  /** More arguments of `svc-emulator start`. */
  args?: string[];
}

/**
 * The `webServer` form: Playwright starts `svc-emulator start` on `port` and waits for it to be ready.
 * The console token is chosen here (once: the workers, which read the config again, inherit it) and
 * given to the command as SVC_EMULATOR_CONSOLE_TOKEN, so the workers can make their instances.
 */
export function svcEmulatorWebServer(options: WebServerOptions) {
  const url = `http://localhost:${options.port}`;
  const consoleToken = process.env.SVC_EMULATOR_CONSOLE_TOKEN?.trim() || randomBytes(24).toString("base64url");
  exportConnection({ url, consoleToken });
  const command = [process.execPath, commandPath(), "start", "--port", String(options.port), "--in-memory", "--json", ...(options.args ?? [])];
  return {
    command: command.map((a) => JSON.stringify(a)).join(" "),
    url: `${url}/emulator/v1/ready`,
    env: { SVC_EMULATOR_CONSOLE_TOKEN: consoleToken },
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5000 },
  };
}

export type { TestInstance, SeedOption } from "./test-instance.js";
export type { PerTest } from "./use-instance.js";
