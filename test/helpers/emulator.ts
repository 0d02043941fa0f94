// A fresh in-memory emulator on a free port per test file, and small fetch helpers for the wire.

import "./key-stock-env.js";
import { after } from "node:test";
import http from "node:http";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator/src/index.js";

/** Starts an emulator for the calling test file and closes it when the file's tests end. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = await startEmulator({ port: 0, inMemory: true, ...options });
  after(() => emu.close());
  return emu;
}

export interface WireResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A fetch that returns status, headers and the parsed JSON body (or undefined when not JSON). */
export async function request(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<WireResponse> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { ...init, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The control API of an emulator, authorized with its console token. */
export function control(emu: Emulator) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => request(`${emu.url}/emulator/v1${path}`, { token: emu.consoleToken, ...init });
}

/** A request through node:http, which, unlike fetch, may set any Host header. */
export function requestWithHost(
  port: number,
  path: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: { host, ...init.headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * A fetch that reaches `http://<domain>:<port>/…` on loopback with that Host header (fetch itself may
 * not set Host, and instance domains such as `second.localhost` do not resolve here): the one
 * svc-emulator/testing hands to test workers.
 */
export { fetchByHost } from "../../emulator/src/testing/instance-fetch.js";
