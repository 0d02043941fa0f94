// Tests never take from or add to the user's own stock of signing keys (the cache folder,
// emulator/src/keys/key-stock.ts): every emulator a test starts, in this process or as
// the command (which inherits the env), uses one stock in the temporary folder, shared by the test
// processes of a run and the runs after it, as the user's is by their starts. Imported by the helpers,
// by the test files that start emulators without them, and by `npm test` (--import) for all of them.

import { tmpdir } from "node:os";
import { join } from "node:path";

process.env.SVC_EMULATOR_KEY_STOCK ||= join(tmpdir(), `svc-emulator-test-key-stock-${process.getuid?.() ?? "user"}`);
