// renderer/src/components/error-text.ts: what an error means, in words, for the errors a running
// emulator answers (through the renderer's fetch), for the UI's own bugs, and for whatever else a
// promise may reject with, which must never make the error text itself fail.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { CODE_NAMES, errorText } from "../../renderer/src/components/error-text.js";
import { ApiError, fetchJson } from "../../renderer/src/api/http.js";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);

const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail("no error"),
    (e: unknown) => e,
  );

describe("errorText", () => {
  it("says what an emulator error means, with the emulator's message and the code as detail", async () => {
    const notFound = await rejection(fetchJson("/resources/v3alpha/users/123", { headers: { authorization: `Bearer ${emu.adminPat}` } }));
    assert.deepEqual(errorText(notFound), {
      what: "It is not there (any more).",
      message: "User could not be found (USER-not-found)",
      todo: "Reload: it may have been deleted, or it lives in another instance or org.",
      detail: "NOT_FOUND (5), HTTP 404",
    });
    const signedOut = errorText(await rejection(fetchJson("/resources/v3alpha/users/123")));
    assert.deepEqual([signedOut.what, signedOut.detail], ["This browser is not signed in (any more).", "UNAUTHENTICATED (16), HTTP 401"]);
  });

  it("has words for every gRPC code but OK, and names the codes as gRPC does", () => {
    assert.deepEqual(
      CODE_NAMES,
      CODE_NAMES.map((_, code) => status[code]),
    );
    assert.equal(CODE_NAMES.length, 17);
    for (let code = 1; code < 17; code++) {
      const t = errorText(new ApiError(code, "m", 400));
      assert.notEqual(t.what, "The emulator refused it.", `code ${code} has its own words`);
      assert.ok(t.todo, `code ${code} says what to do`);
    }
  });

  it("leaves out the HTTP status when there was no answer, and names a code it does not know plainly", () => {
    assert.equal(errorText(new ApiError(14, "down", 0)).detail, "UNAVAILABLE (14)");
    assert.deepEqual(errorText(new ApiError(99, "odd", 418)), {
      what: "The emulator refused it.",
      message: "odd",
      todo: "Try again.",
      detail: "code (99), HTTP 418",
    });
    assert.deepEqual(errorText(new ApiError(-1, "", 500)).detail, "code (-1), HTTP 500");
  });

  it("calls the runtime's own exceptions a bug of the UI", () => {
    for (const e of [new TypeError("x is undefined"), new RangeError("Invalid time value"), new SyntaxError("bad"), new ReferenceError("y")])
      assert.deepEqual(errorText(e), {
        what: "This screen hit a bug of the UI.",
        todo: "Reload the page; if it happens again, report it with the detail below.",
        detail: `${e.name}: ${e.message}`,
      });
  });

  it("shows any other error's message", () => {
    assert.deepEqual(errorText(new Error("The file is not JSON")), { what: "It did not work.", message: "The file is not JSON" });
    const named = Object.assign(new Error("dialog closed"), { name: "AbortError" });
    assert.deepEqual(errorText(named), { what: "It did not work.", message: "dialog closed" });
  });

  it("never fails on what a promise may reject with: nothing, text, numbers, objects without a prototype", () => {
    assert.deepEqual(errorText(undefined), { what: "It did not work.", message: "undefined" });
    assert.deepEqual(errorText("plain text"), { what: "It did not work.", message: "plain text" });
    assert.deepEqual(errorText(42), { what: "It did not work.", message: "42" });
    assert.deepEqual(errorText(Symbol("s")), { what: "It did not work.", message: "Symbol(s)" });
    assert.deepEqual(errorText(Object.create(null)), { what: "It did not work.", message: "[object Object]" });
    const hostile = {
      toString: () => {
        throw new Error("no text");
      },
    };
    assert.deepEqual(errorText({ toString: () => "told" }), { what: "It did not work.", message: "told" });
    assert.deepEqual(errorText(hostile), { what: "It did not work.", message: "[object Object]" });
  });
});
