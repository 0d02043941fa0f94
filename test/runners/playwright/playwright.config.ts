// The README's Playwright block: one emulator for the run, each worker on an instance of its own, in
// Debian's Chromium. PLAYWRIGHT_WEB_SERVER_PORT picks the `webServer` form instead of the global setup.
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { svcEmulatorWebServer } from "svc-emulator/testing/playwright";

const webServerPort = Number(process.env.PLAYWRIGHT_WEB_SERVER_PORT);
const emulator = webServerPort
  ? { webServer: svcEmulatorWebServer({ port: webServerPort }) }
  : { globalSetup: fileURLToPath(import.meta.resolve("svc-emulator/testing/playwright-global-setup")) };

export default defineConfig({
  testDir: ".",
  fullyParallel: true,
  workers: 4,
  // Four Chromiums on a 2-core CI machine: a sign-in may take longer than Playwright's defaults (30 s, 5 s).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  ...emulator,
  use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] } },
});
