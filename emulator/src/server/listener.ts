// One listening port for every protocol (DESIGN 2): a connection whose first bytes are the HTTP/2
// preface goes to the cleartext HTTP/2 server (gRPC), anything else to the HTTP/1.1 server (REST,
// OIDC, UI, gRPC-web, control API).

import net, { type AddressInfo, type Socket } from "node:net";
import type { Server as Http1Server } from "node:http";
import type { Http2Server, Http2Session } from "node:http2";

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

export class Listener {
  // noDelay as node:http sets it: responses written in pieces must not wait for delayed ACKs.
  private server = net.createServer({ noDelay: true }, (socket) => this.route(socket));
  private sockets = new Set<Socket>();
  private sessions = new Set<Http2Session>();

  private h2Server: Http2Server | undefined;

  /** `makeH2` is called on the first HTTP/2 connection (h2-app.ts: node:http2 is loaded then, not at start). */
  constructor(
    private readonly h1: Http1Server,
    private readonly makeH2: () => Http2Server,
  ) {}

  private h2(): Http2Server {
    if (this.h2Server) return this.h2Server;
    const h2 = this.makeH2();
    h2.on("session", (s: Http2Session) => {
      this.sessions.add(s);
      s.once("close", () => this.sessions.delete(s));
    });
    this.h2Server = h2;
    return h2;
  }

  private route(socket: Socket): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const n = Math.min(seen.length, PREFACE.length);
      const isH2 = seen.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (isH2 && seen.length < PREFACE.length) return; // not yet decided
      socket.off("data", onData);
      socket.pause();
      socket.unshift(seen);
      // The HTTP/2 session reads what is buffered on the socket when it is set up; the HTTP/1.1
      // server needs the socket flowing again.
      (isH2 ? this.h2() : this.h1).emit("connection", socket);
      if (!isH2) socket.resume();
    };
    socket.on("data", onData);
  }

  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sessions) s.destroy();
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
