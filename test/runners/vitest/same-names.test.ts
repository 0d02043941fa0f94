// The README's Vitest test file: this file's own instance, reset before each test, and the shared tests.
import { describe, it } from "vitest";
import { svcEmulatorInstance } from "svc-emulator/testing/vitest";
import { sameNames } from "../same-names.js";

sameNames(svcEmulatorInstance({ perTest: "reset" }), { describe, it });
