// The sample suite with its isolation broken on purpose (test/runners/runners.test.ts expects it to
// fail): every file gets one shared instance, never reset, in place of its own.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "svc-emulator/testing/vitest": fileURLToPath(new URL("./shared-instance.ts", import.meta.url)) } },
  test: {
    globalSetup: ["test/runners/vitest/shared.setup.ts"],
    include: ["test/runners/vitest/*.test.ts"],
    maxWorkers: 4,
  },
});
