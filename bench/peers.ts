// The three servers of the side-by-side benchmarks (bench/side-by-side.ts), each in its own process:
// the emulator's CLI (in memory, seeded from the default fixtures plus one machine user with JWT
// access tokens), oidc-provider and oauth2-mock-server from this repo's dev dependencies. Each
// target names the requests of every row it can serve; a row it has no answer for is absent.

import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const FORM = "application/x-www-form-urlencoded";

export type RowName = "cc-jwt" | "cc-opaque" | "introspect-active" | "introspect-rejected";
export interface RequestSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
}
/**
 * Requests a caller makes first, right after the discovery document answered and before the start
 * issues the tokens its introspection rows need (bench/first-token.ts times the first tokens here).
 */
export type FirstRequests = (rows: Partial<Record<"cc-jwt" | "cc-opaque", RequestSpec>>, pid: number) => Promise<void>;

export interface Running {
  name: string;
  pid: number;
  url: string;
  /** The emulator's console token (control API). */
  consoleToken?: string;
  /** Spawn to the first 200 of the discovery document, in ms. */
  startMs: number;
  rows: Partial<Record<RowName, RequestSpec>>;
  stop(): Promise<void>;
}

function spawnReady(args: string[], cwd = ROOT): Promise<{ child: ChildProcess; ready: Record<string, unknown>; t0: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`${args.join(" ")} not ready`))), 15_000);
    child.stdout!.once("data", (d: Buffer) => {
      clearTimeout(timer);
      resolve({ child, t0, ready: JSON.parse(d.toString().split("\n")[0]!) as Record<string, unknown> });
    });
  });
}

async function discovered(issuer: string, t0: number): Promise<number> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (res.status !== 200) throw new Error(`${issuer}: discovery ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

const stopper = (child: ChildProcess) => () => new Promise<void>((r) => (child.once("exit", () => r()), child.kill("SIGTERM")));

async function token(url: string, auth: string, body: string): Promise<string> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": FORM, authorization: auth }, body });
  const json = (await res.json()) as { access_token?: string };
  if (!json.access_token) throw new Error(`${url}: no token: ${JSON.stringify(json)}`);
  return json.access_token;
}

let fixturesFile: string | undefined;

/** The default fixtures plus `bench-jwt`, a machine user whose client_credentials tokens are JWTs: one file per bench process, removed when it exits. */
function benchFixtures(): string {
  if (fixturesFile) return fixturesFile;
  const fixtures = JSON.parse(readFileSync(join(ROOT, "fixtures/default.json"), "utf8"));
  fixtures.instances[0].orgs[0].users.push({
    type: "machine",
    username: "bench-jwt",
    name: "Bench JWT",
    accessTokenType: "jwt",
    clientSecret: "bench-jwt-secret",
  });
  const file = join(tmpdir(), `svc-emulator-bench-fixtures-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(fixtures));
  process.on("exit", () => rmSync(file, { force: true }));
  fixturesFile = file;
  return file;
}

/** The emulator of this checkout; `root` another built checkout (e.g. the tree before a change), named `name`. */
export async function startEmulator(extraArgs: string[] = [], root = ROOT, name = "svc-emulator", first?: FirstRequests): Promise<Running> {
  const { child, ready, t0 } = await spawnReady(
    [
      "bin/svc-emulator.cjs",
      "start",
      "--port",
      "0",
      ...(extraArgs.includes("--data-dir") ? [] : ["--in-memory"]),
      "--json",
      "--fixtures",
      benchFixtures(),
      ...extraArgs,
    ],
    root,
  );
  const url = String(ready.url);
  const startMs = await discovered(url, t0);
  const events = (await (
    await fetch(`${url}/emulator/v1/events?type=project.added`, { headers: { authorization: `Bearer ${ready.consoleToken}` } })
  ).json()) as {
    events: { aggregateId: string }[];
  };
  const project = events.events[0]!.aggregateId;
  const tokenUrl = `${url}/oauth/v2/token`;
  const worker = basic("demo-worker", "demo-worker-secret");
  const api = basic("demo-api", "demo-api-secret");
  const tokenRows = {
    "cc-jwt": {
      url: tokenUrl,
      headers: { "content-type": FORM, authorization: basic("bench-jwt", "bench-jwt-secret") },
      body: "grant_type=client_credentials&scope=profile",
    },
    "cc-opaque": { url: tokenUrl, headers: { "content-type": FORM, authorization: worker }, body: "grant_type=client_credentials&scope=profile" },
  };
  await first?.(tokenRows, child.pid!);
  const active = await token(tokenUrl, worker, `grant_type=client_credentials&scope=${encodeURIComponent(`urn:svc:iam:org:project:id:${project}:aud`)}`);
  const outside = await token(tokenUrl, worker, "grant_type=client_credentials&scope=profile");
  return {
    name,
    pid: child.pid!,
    url,
    consoleToken: String(ready.consoleToken),
    startMs,
    rows: {
      ...tokenRows,
      "introspect-active": { url: `${url}/oauth/v2/introspect`, headers: { "content-type": FORM, authorization: api }, body: `token=${active}` },
      "introspect-rejected": { url: `${url}/oauth/v2/introspect`, headers: { "content-type": FORM, authorization: api }, body: `token=${outside}` },
    },
    stop: stopper(child),
  };
}

export async function startOidcProvider(first?: FirstRequests): Promise<Running> {
  const { child, ready, t0 } = await spawnReady(["bench/servers/oidc-provider.mjs"]);
  const issuer = String(ready.issuer);
  const startMs = await discovered(issuer, t0);
  const auth = basic("bench", "bench-secret");
  const tokenRows = {
    "cc-jwt": {
      url: `${issuer}/token`,
      headers: { "content-type": FORM, authorization: basic("bench-jwt", "bench-jwt-secret") },
      body: "grant_type=client_credentials",
    },
    "cc-opaque": { url: `${issuer}/token`, headers: { "content-type": FORM, authorization: auth }, body: "grant_type=client_credentials" },
  };
  await first?.(tokenRows, child.pid!);
  const active = await token(`${issuer}/token`, auth, "grant_type=client_credentials");
  return {
    name: "oidc-provider",
    pid: child.pid!,
    url: issuer,
    startMs,
    rows: {
      ...tokenRows,
      "introspect-active": { url: `${issuer}/token/introspection`, headers: { "content-type": FORM, authorization: auth }, body: `token=${active}` },
      "introspect-rejected": {
        url: `${issuer}/token/introspection`,
        headers: { "content-type": FORM, authorization: auth },
        body: "token=not-a-token-of-this-provider",
      },
    },
    stop: stopper(child),
  };
}

export async function startMockServer(first?: FirstRequests): Promise<Running> {
  const { child, ready, t0 } = await spawnReady(["bench/servers/oauth2-mock-server.mjs"]);
  const issuer = String(ready.issuer);
  const startMs = await discovered(issuer, t0);
  const auth = basic("bench", "bench-secret");
  const jwt = { url: `${issuer}/token`, headers: { "content-type": FORM, authorization: auth }, body: "grant_type=client_credentials&scope=profile" };
  await first?.({ "cc-jwt": jwt }, child.pid!);
  const active = await token(`${issuer}/token`, auth, "grant_type=client_credentials&scope=profile");
  return {
    name: "oauth2-mock-server",
    pid: child.pid!,
    url: issuer,
    startMs,
    rows: {
      // It only makes JWT access tokens, and answers every introspection active (it keeps nothing).
      "cc-jwt": jwt,
      "introspect-active": { url: `${issuer}/introspect`, headers: { "content-type": FORM, authorization: auth }, body: `token=${active}` },
    },
    stop: stopper(child),
  };
}

/**
 * The floor of bench/first-token.ts: a bare node:http server (bench/servers/node-http.mjs) that answers a
 * client_credentials request with random bytes, opaque only: what Node and the machine cost by themselves.
 */
export async function startNodeHttp(first?: FirstRequests): Promise<{ stop(): Promise<void> }> {
  const { child, ready, t0 } = await spawnReady(["bench/servers/node-http.mjs"]);
  const issuer = String(ready.issuer);
  await discovered(issuer, t0);
  const spec = {
    url: `${issuer}/token`,
    headers: { "content-type": FORM, authorization: basic("bench", "bench-secret") },
    body: "grant_type=client_credentials",
  };
  await first?.({ "cc-opaque": spec }, child.pid!);
  return { stop: stopper(child) };
}

/** CPU time (user + system) of a process so far, in µs, from /proc (Linux). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100);
}

/** CPU time of all of a process's threads so far, in ms at nanosecond resolution (/proc/<pid>/task/<tid>/schedstat, Linux). */
export function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** Resident set size of a process, in MiB, from /proc (Linux). */
export function rssMiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}
