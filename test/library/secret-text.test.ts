// Secrets people copy into command lines (console token, PATs, client secrets) never start with "-",
// which `svc-emulator import --token <value>` would read as an option (a one-in-64 failure before).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { secretText } from "../../emulator/src/kernel/secret-text.js";

describe("secret text", () => {
  it("never starts with a dash, in 20,000 draws, and keeps its length and alphabet", () => {
    for (let i = 0; i < 20_000; i++) {
      const text = secretText(24);
      assert.equal(text.length, 32);
      assert.match(text, /^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
    }
  });
});
