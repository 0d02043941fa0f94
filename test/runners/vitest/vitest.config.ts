// The README's Vitest block: one emulator for the run, each test file on an instance of its own.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["svc-emulator/testing/vitest"],
    include: ["test/runners/vitest/*.test.ts"],
    maxWorkers: 4,
  },
});
