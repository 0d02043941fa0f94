// node:test's run-wide setup (`node --import svc-emulator/testing/node-test-setup --test`): the test
// runner's process starts one emulator (unless SVC_EMULATOR_URL and SVC_EMULATOR_CONSOLE_TOKEN name one)
// and puts its URL and console token into the environment, which each test file's process inherits
// (those processes load this module too and find them there). It is stopped when the runner exits.

import { connectionFromEnv, runForWorkers } from "./run-emulator.js";

if (!connectionFromEnv()) {
  process.once("exit", (await runForWorkers()).stopNow);
}
