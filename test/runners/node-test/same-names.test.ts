// The README's node:test file (run with `node --import svc-emulator/testing/node-test-setup --test`): this
// file's own instance, reset before each test, and the shared tests.
import { describe, it } from "node:test";
import { svcEmulatorInstance } from "svc-emulator/testing/node-test";
import { sameNames } from "../same-names.js";

sameNames(svcEmulatorInstance({ perTest: "reset" }), { describe, it });
