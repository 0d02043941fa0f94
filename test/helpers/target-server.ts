// A real HTTP server on loopback that plays execution targets: it records every call (path,
// headers, parsed body) and answers per path with a status, a body and an optional delay.

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
}

export async function startTargetServer() {
  const received: ReceivedCall[] = [];
  const answers = new Map<string, Answer>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, raw, body: JSON.parse(raw || "{}") as Record<string, unknown> });
      const a = answers.get(path) ?? {};
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, { "content-type": "application/json", ...a.headers });
        res.end(a.body === undefined ? "" : typeof a.body === "string" ? a.body : JSON.stringify(a.body));
      }, a.delayMs ?? 0);
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
    answer: (path: string, a: Answer) => answers.set(path, a),
    /** The calls to one path, in arrival order. */
    to: (path: string) => received.filter((r) => r.path === path),
    clear: () => {
      received.length = 0;
      answers.clear();
    },
  };
}
