// renderer/src/api/desktop.ts: the desktop app's preload API where the page has one, and the message
// of an error Electron wraps on its way from the main process.

import "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { desktop, desktopCall } from "../../renderer/src/api/desktop.js";

const messageOf = async (work: () => Promise<unknown>) =>
  (
    await desktopCall(work).then(
      () => assert.fail("no error"),
      (e: Error) => e,
    )
  ).message;

describe("desktop", () => {
  it("is the preload API when the page has one, else nothing", () => {
    const w = globalThis as { svcDesktop?: unknown };
    assert.equal(desktop(), undefined);
    try {
      w.svcDesktop = { version: "1" };
      assert.equal(desktop(), w.svcDesktop);
    } finally {
      delete w.svcDesktop;
    }
  });
});

describe("desktopCall", () => {
  it("answers what the work answers", async () => {
    assert.equal(await desktopCall(async () => 42), 42);
  });

  it("keeps the handler's own message of an error Electron wraps", async () => {
    const wrapped = (m: string) => async () => Promise.reject(new Error(`Error invoking remote method 'svc:save-export': ${m}`));
    assert.equal(await messageOf(wrapped("Error: The folder is read-only")), "The folder is read-only");
    assert.equal(await messageOf(wrapped("TypeError: bad path")), "bad path");
    assert.equal(await messageOf(wrapped("no error name")), "no error name");
  });

  it("leaves other messages as they are, and makes an Error of anything thrown", async () => {
    assert.equal(await messageOf(async () => Promise.reject(new Error("Error: not from Electron"))), "Error: not from Electron");
    assert.equal(await messageOf(async () => Promise.reject("a string")), "a string");
    assert.equal(await messageOf(async () => Promise.reject(new Error(""))), "");
  });
});
