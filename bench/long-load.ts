// Long load (issue 16): the emulator in its own process (CLI, data in a temporary data dir), and
// from this process 50 concurrent clients for LONG_LOAD_SECONDS (default 300) of mixed traffic —
// code + PKCE flows through the login form (password checked), client_credentials tokens,
// introspections, resource API writes (CreateTarget) and searches (SearchTargets), and GetTarget
// calls with a request execution that calls a webhook target served by this process. Reports errors
// (zero expected), p99 per kind, the emulator's RSS after the first minute and at the end, and the
// entries its request journal keeps (bounded per instance: issue 29). Every request is journaled; with
// LONG_LOAD_FAULT=1 a fault that matches none of the traffic (a delay at device authorization) is
// defined first, so every request also goes through the fault check (issue 29's hooks in full).
// Run with BENCH_LONG=1 npm run bench, or alone: node --import tsx bench/long-load.ts.

import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Jar, REDIRECT, basic, codeOf, form, pkce, spawnServer, tokenRequest } from "./oidc.js";
import { ms } from "./stats.js";

const CLIENTS = 50;
// A request slower than this counts as an error; generous, since 50 clients queue on a busy machine.
const TIMEOUT_MS = 60_000;
const KINDS = ["codeFlow", "clientCredentials", "introspect", "write", "search", "execution"] as const;
type Kind = (typeof KINDS)[number];
// Per client, one round: a code flow is the heaviest (bcrypt), so one in a round of ten requests.
const ROUND: Kind[] = ["codeFlow", "clientCredentials", "introspect", "introspect", "write", "search", "search", "execution", "execution", "clientCredentials"];

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const p99 = (s: number[]) => [...s].sort((a, b) => a - b)[Math.min(s.length - 1, Math.floor(0.99 * s.length))] ?? Number.NaN;

export async function longLoad(seconds = Number(process.env.LONG_LOAD_SECONDS ?? 300)) {
  let hookCalls = 0;
  const hook = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hookCalls++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "svc-long-load-"));
  const root = fileURLToPath(new URL("..", import.meta.url));
  const { child, ready } = await spawnServer([path.join(root, "bin/svc-emulator.cjs"), "start", "--port", "0", "--data-dir", dataDir, "--json"]);
  const url = String(ready.url);
  const pat = String(ready.adminPat);
  const api = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { authorization: `Bearer ${pat}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const controlHeaders = { authorization: `Bearer ${String(ready.consoleToken)}`, "content-type": "application/json" };
  const withFault = process.env.LONG_LOAD_FAULT === "1";
  if (withFault) {
    const fault = { where: { endpoint: "device_authorization" }, what: { kind: "delay", ms: 1 } };
    const res = await fetch(`${url}/emulator/v1/faults`, { method: "POST", headers: controlHeaders, body: JSON.stringify(fault) });
    if (res.status !== 201) throw new Error(`defining the fault: ${res.status} ${await res.text()}`);
  }
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  const watched = (
    (await api("POST", "/resources/v3alpha/targets", { name: "watched", restWebhook: { url: hookUrl }, timeout: "10s" })).details as { id: string }
  ).id;
  await api("POST", "/resources/v3alpha/executions", {
    condition: { request: { method: "/svc.resources.action.v3alpha.SvcActions/GetTarget" } },
    targets: [watched],
  });
  let token = (
    await tokenRequest(
      `${url}/oauth/v2/token`,
      form({ grant_type: "client_credentials", scope: "profile" }),
      basic("demo-worker", "demo-worker-secret"),
      TIMEOUT_MS,
    )
  ).access_token!;

  let written = 0;
  const run: Record<Kind, () => Promise<void>> = {
    async codeFlow() {
      const jar = new Jar(TIMEOUT_MS);
      const { verifier, challenge } = pkce();
      const q = form({
        client_id: "demo-browser",
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid",
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      const start = await jar.fetch(`${url}/oauth/v2/authorize?${q}&prompt=login`);
      const authRequest = new URL(start.headers.get("location")!, url).searchParams.get("authRequest")!;
      const page = await jar.fetch(`${url}/ui/login/login?authRequest=${authRequest}`);
      if (page.status !== 200) throw new Error(`login page ${page.status}`);
      await page.text();
      const done = await jar.fetch(`${url}/ui/login/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({ authRequest, loginName: "alice", password: "Password1!" }),
      });
      const code = codeOf(done.headers.get("location"));
      if (!code) throw new Error(`login answered ${done.status}`);
      await tokenRequest(
        `${url}/oauth/v2/token`,
        form({ grant_type: "authorization_code", client_id: "demo-browser", code, redirect_uri: REDIRECT, code_verifier: verifier }),
        undefined,
        TIMEOUT_MS,
      );
    },
    async clientCredentials() {
      const body = form({ grant_type: "client_credentials", scope: "profile" });
      token = (await tokenRequest(`${url}/oauth/v2/token`, body, basic("demo-worker", "demo-worker-secret"), TIMEOUT_MS)).access_token!;
    },
    async introspect() {
      const r = await tokenRequest(`${url}/oauth/v2/introspect`, form({ token }), basic("demo-api", "demo-api-secret"), TIMEOUT_MS);
      if (r.active === undefined) throw new Error("no introspection answer");
    },
    async write() {
      await api("POST", "/resources/v3alpha/targets", { name: `load-${written++}`, restWebhook: { url: hookUrl }, timeout: "10s" });
    },
    async search() {
      await api("POST", "/resources/v3alpha/targets/_search?query.limit=20", []);
    },
    async execution() {
      await api("GET", `/resources/v3alpha/targets/${watched}`);
    },
  };

  const samples = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const errors: string[] = [];
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  let rssAfterMinute: number | undefined;
  const sampler = setInterval(() => {
    if (rssAfterMinute === undefined && Date.now() - t0 >= Math.min(60_000, (seconds * 1000) / 5)) rssAfterMinute = rssMiB(child.pid!);
  }, 500);
  const client = async (n: number) => {
    for (let i = n; Date.now() < end; i++) {
      const kind = ROUND[i % ROUND.length]!;
      const s = performance.now();
      try {
        await run[kind]();
        samples[kind].push(performance.now() - s);
      } catch (e) {
        errors.push(`${kind}: ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  clearInterval(sampler);
  const rssEnd = rssMiB(child.pid!);
  // The request journal (issue 29) kept every request in memory, bounded per instance.
  const journaled = (await (await fetch(`${url}/emulator/v1/requests/count`, { headers: controlHeaders })).json()) as { count: number };
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  hook.closeAllConnections();
  hook.close();
  rmSync(dataDir, { recursive: true, force: true });
  const total = KINDS.reduce((n, k) => n + samples[k].length, 0);
  return {
    seconds,
    withFault,
    clients: CLIENTS,
    requests: total,
    perSecond: total / seconds,
    errors: errors.length,
    firstErrors: [...new Set(errors)].slice(0, 5),
    hookCalls,
    p99: Object.fromEntries(KINDS.map((k) => [k, { count: samples[k].length, p99: p99(samples[k]) }])),
    rssAfterMinuteMiB: rssAfterMinute ?? Number.NaN,
    rssEndMiB: rssEnd,
    journalEntries: journaled.count,
  };
}

/** The markdown rows bench/README.md records. */
export function longLoadRows(r: Awaited<ReturnType<typeof longLoad>>): [string, string][] {
  const growth = ((r.rssEndMiB / r.rssAfterMinuteMiB - 1) * 100).toFixed(1);
  return [
    [
      `long load: ${r.clients} clients, ${r.seconds} s of mixed traffic${r.withFault ? ", a fault defined that matches none" : ""}`,
      `${r.requests} requests (${Math.round(r.perSecond)} per second), ${r.errors} errors, ${r.hookCalls} target calls`,
    ],
    ...Object.entries(r.p99).map(([k, v]) => [`long load p99: ${k}`, `${ms(v.p99)} (${v.count} calls)`] as [string, string]),
    ["long load: emulator RSS after the first minute / at the end", `${Math.round(r.rssAfterMinuteMiB)} MiB / ${Math.round(r.rssEndMiB)} MiB (${growth} %)`],
    ["long load: request journal entries kept at the end (bound: 10,000 per instance)", `${r.journalEntries}`],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await longLoad();
  console.log(JSON.stringify(r, null, 2));
  for (const [k, v] of longLoadRows(r)) console.log(`| ${k} | ${v} |`);
}
