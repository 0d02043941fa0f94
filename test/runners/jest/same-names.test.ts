// The README's Jest test file: this file's own instance, reset before each test, and the shared tests.
import { describe, it } from "@jest/globals";
import { svcEmulatorInstance } from "svc-emulator/testing/jest";
import { sameNames } from "../same-names.js";

sameNames(svcEmulatorInstance({ perTest: "reset" }), { describe, it });
