// A loopback HTTP proxy that forwards to the emulator and records each exchange as it went over
// the wire (method, path, headers, body, and the answer's status and headers), so a test can assert
// what a real client sent, not only what it concluded. The Host header is passed on unchanged.

import { after } from "node:test";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  status: number;
  responseHeaders: http.IncomingHttpHeaders;
  responseBody: Buffer;
}

export async function startRecordingProxy(targetPort: number): Promise<{ url: string; port: number; exchanges: Exchange[] }> {
  const exchanges: Exchange[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const out = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const back: Buffer[] = [];
        answer.on("data", (c: Buffer) => back.push(c));
        answer.on("end", () => {
          const responseBody = Buffer.concat(back);
          exchanges.push({
            method: req.method!,
            path: req.url!,
            headers: req.headers,
            body,
            status: answer.statusCode!,
            responseHeaders: answer.headers,
            responseBody,
          });
          res.writeHead(answer.statusCode!, answer.headers);
          res.end(responseBody);
        });
      });
      out.on("error", (e) => res.writeHead(502).end(String(e)));
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://localhost:${port}`, port, exchanges };
}
