// A request answered before its body was read (a 404 for a PATCH with a large body, found by
// test/fuzz/rest.test.ts): the rest of the body is read past and the next request on the same
// keep-alive connection is answered at once, not left hanging until a timeout resets the connection.

import { it } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();

/** Opens one connection; `exchange` writes bytes and resolves with the next complete response (Content-Length framed). */
function connection() {
  const socket = net.connect(emu.port, "127.0.0.1");
  let got = Buffer.alloc(0);
  let waiting: ((r: { status: number; body: string }) => void) | undefined;
  const check = () => {
    const text = got.toString("latin1");
    const end = text.indexOf("\r\n\r\n");
    if (end < 0 || !waiting) return;
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
    if (got.length < end + 4 + length) return;
    const body = got.subarray(end + 4, end + 4 + length).toString();
    got = got.subarray(end + 4 + length);
    const w = waiting;
    waiting = undefined;
    w({ status: Number(text.slice(9, 12)), body });
  };
  socket.on("data", (d) => {
    got = Buffer.concat([got, d]);
    check();
  });
  const exchange = (bytes: Buffer | string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer within 3 s on the reused connection")), 3000);
      waiting = (r) => {
        clearTimeout(timer);
        resolve(r);
      };
      socket.once("close", () => reject(new Error("connection closed")));
      socket.write(bytes);
    });
  return { exchange, close: () => socket.destroy() };
}

it("the next request on a keep-alive connection is answered after a response sent before the body was read", async () => {
  const c = connection();
  const health = "GET /emulator/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  try {
    // Not the connection's first request: the first one's bytes reach node:http another way (listener.ts).
    assert.equal((await c.exchange(health)).status, 200);
    // Unrouted and of a type no parser takes, so answered without reading the body. Head and body go in
    // one write: node reads the body into the request before the answer, beyond the request's buffer,
    // and so stops reading the socket until the request is consumed.
    const body = `name=${"x".repeat(200_000)}`;
    const type = "application/x-www-form-urlencoded";
    const head = `PATCH /resources/v3alpha/idps/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const first = await c.exchange(Buffer.from(head + body));
    assert.equal(first.status, 404, first.body);
    const next = await c.exchange(health);
    assert.deepEqual(next, { status: 200, body: JSON.stringify({ status: "ok" }) });
  } finally {
    c.close();
  }
});
