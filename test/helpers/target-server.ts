// A real HTTP server on loopback that plays execution targets: it records every call (path,
// headers, parsed body) and answers per path with a status, a body and an optional delay, or holds
// the calls to a path until a number of them arrived (a barrier for concurrent requests).

import { after } from "node:test";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

export interface Answer {
  status?: number;
  body?: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
  /** Holds every call to the path until this many arrived (counted from when the answer was set), then answers them all. */
  heldUntil?: number;
}

export async function startTargetServer() {
  const received: ReceivedCall[] = [];
  const answers = new Map<string, Answer>();
  /** The calls a `heldUntil` answer holds, per path. */
  const held = new Map<string, (() => void)[]>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, raw, body: JSON.parse(raw || "{}") as Record<string, unknown> });
      const a = answers.get(path) ?? {};
      const respond = () =>
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(a.status ?? 200, { "content-type": "application/json", ...a.headers });
          res.end(a.body === undefined ? "" : typeof a.body === "string" ? a.body : JSON.stringify(a.body));
        }, a.delayMs ?? 0);
      if (!a.heldUntil) return respond();
      const waiting = held.get(path) ?? [];
      held.set(path, waiting);
      waiting.push(respond);
      if (waiting.length >= a.heldUntil) for (const r of waiting.splice(0)) r();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    received,
    answer: (path: string, a: Answer) => {
      held.delete(path);
      answers.set(path, a);
    },
    /** The calls to one path, in arrival order. */
    to: (path: string) => received.filter((r) => r.path === path),
    clear: () => {
      received.length = 0;
      answers.clear();
      held.clear();
    },
  };
}
