// The first token after ready against later ones (issue 15: the first costs no more than a later one),
// for the emulator, oidc-provider, oauth2-mock-server (JWT only) and a bare node:http server (the
// floor: what Node and this machine cost by themselves, bench/servers/node-http.mjs). Each start (the
// CLI in memory with the bench fixtures, or the peer's server) is polled until its discovery document
// answers; then comes the first token request of all, either at once or after a pause, 19 more back to
// back, and PAUSES more each after the same pause. Each request is timed from request to parsed body,
// and the server's CPU over it is read from /proc (all its threads, schedstat: nanoseconds).
//
// Why the pause: on this machine any request after the server (and the client) idled costs about twice
// one sent back to back, however warm the code (caches and branch predictors hold other work, the CPU
// wakes up); so "the first against a later one" is compared both ways: the first at once against later
// ones back to back (what a client that hammers the endpoint sees), and the first after a pause against
// later ones after the same pause (what is first about the first, with the pause's cost on both sides).
// Medians over the starts.
//
// env: FIRST_TOKEN_RUNS (7), FIRST_TOKEN_PAUSE_MS (100); BENCH_BEFORE_ROOT: a built checkout measured
// too, as "svc-emulator (before)"

import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { startEmulator, startMockServer, startNodeHttp, startOidcProvider, threadsCpuMs, type FirstRequests, type RequestSpec } from "./peers.js";
import { ms, summary } from "./stats.js";

const RUNS = Number(process.env.FIRST_TOKEN_RUNS ?? 7);
const PAUSE_MS = Number(process.env.FIRST_TOKEN_PAUSE_MS ?? 100);
/** The later requests after a pause, per start. */
const PAUSES = 5;
type Kind = "opaque" | "JWT";
const ROW: Record<Kind, "cc-opaque" | "cc-jwt"> = { opaque: "cc-opaque", JWT: "cc-jwt" };
/** Another built checkout of the emulator measured too (the tree before a change), as in side-by-side.ts. */
const BEFORE = process.env.BENCH_BEFORE_ROOT;
type Start = (first: FirstRequests) => Promise<{ stop(): Promise<void> }>;
const SERVERS: { name: string; start: Start; kinds: Kind[] }[] = [
  { name: "svc-emulator", start: (first) => startEmulator([], undefined, undefined, first), kinds: ["opaque", "JWT"] },
  { name: "oidc-provider", start: (first) => startOidcProvider(first), kinds: ["opaque", "JWT"] },
  { name: "oauth2-mock-server", start: (first) => startMockServer(first), kinds: ["JWT"] },
  { name: "node:http (floor)", start: (first) => startNodeHttp(first), kinds: ["opaque"] },
];
if (BEFORE)
  SERVERS.splice(1, 0, {
    name: "svc-emulator (before)",
    start: (first) => startEmulator([], BEFORE, "svc-emulator (before)", first),
    kinds: ["opaque", "JWT"],
  });

/** One request: wall time at the client, and the server's CPU over it (all threads), both in ms. */
interface Cost {
  wall: number;
  cpu: number;
}

export interface FirstTokenRow {
  server: string;
  kind: Kind;
  runs: number;
  pauseMs: number;
  /** The first token request, sent at once after the discovery document answered. */
  first: Cost;
  /** The first token request, sent after a pause of pauseMs. */
  firstAfterPause: Cost;
  /** The 11th–20th, back to back. */
  later: Cost;
  /** Later ones, each after a pause of pauseMs. */
  laterAfterPause: Cost;
}

async function timed(spec: RequestSpec, pid: number): Promise<Cost> {
  const cpu0 = threadsCpuMs(pid);
  const t0 = performance.now();
  const res = await fetch(spec.url, { method: "POST", headers: spec.headers, body: spec.body });
  const body = (await res.json()) as { access_token?: string };
  const wall = performance.now() - t0;
  if (!body.access_token) throw new Error(`${spec.url}: no token: ${JSON.stringify(body)}`);
  return { wall, cpu: threadsCpuMs(pid) - cpu0 };
}

/** One start: its first token request (after `lead` ms), 19 more back to back, then PAUSES after a pause each. */
async function oneStart(start: Start, kind: Kind, lead: number): Promise<{ first: Cost; later: Cost[]; paused: Cost[] }> {
  let got: { first: Cost; later: Cost[]; paused: Cost[] } | undefined;
  const running = await start(async (rows, pid) => {
    const spec = rows[ROW[kind]]!;
    if (lead) await sleep(lead);
    const first = await timed(spec, pid);
    const backToBack: Cost[] = [];
    for (let n = 1; n < 20; n++) backToBack.push(await timed(spec, pid));
    const paused: Cost[] = [];
    for (let n = 0; n < PAUSES; n++) {
      await sleep(PAUSE_MS);
      paused.push(await timed(spec, pid));
    }
    got = { first, later: backToBack.slice(9), paused };
  });
  await running.stop();
  return got!;
}

const median = (costs: Cost[]): Cost => ({ wall: summary(costs.map((c) => c.wall)).median, cpu: summary(costs.map((c) => c.cpu)).median });

export async function firstToken(runs = RUNS): Promise<FirstTokenRow[]> {
  const seen = new Map<string, { first: Cost[]; firstAfterPause: Cost[]; later: Cost[]; laterAfterPause: Cost[] }>();
  for (let i = 0; i < runs; i++) {
    for (const kind of ["opaque", "JWT"] as const) {
      for (const { name, start, kinds } of SERVERS) {
        if (!kinds.includes(kind)) continue;
        const key = `${name}\t${kind}`;
        const s = seen.get(key) ?? { first: [], firstAfterPause: [], later: [], laterAfterPause: [] };
        seen.set(key, s);
        for (const lead of [0, PAUSE_MS]) {
          const one = await oneStart(start, kind, lead);
          (lead ? s.firstAfterPause : s.first).push(one.first);
          s.later.push(median(one.later));
          s.laterAfterPause.push(median(one.paused));
        }
      }
    }
  }
  return [...seen].map(([key, s]) => {
    const [server, kind] = key.split("\t") as [string, Kind];
    return {
      server,
      kind,
      runs,
      pauseMs: PAUSE_MS,
      first: median(s.first),
      firstAfterPause: median(s.firstAfterPause),
      later: median(s.later),
      laterAfterPause: median(s.laterAfterPause),
    };
  });
}

const cost = (c: Cost) => `${ms(c.wall)} (CPU ${ms(c.cpu)})`;
const signed = (n: number) => (n < 0 ? `−${ms(-n)}` : `+${ms(n)}`);
const plus = (a: Cost, b: Cost) => `${signed(a.wall - b.wall)} (CPU ${signed(a.cpu - b.cpu)})`;

/** Rows for the bench's table: the first token and later ones, per server and kind; first ÷ later and first − later both ways. */
export function firstTokenRows(rows: FirstTokenRow[]): [string, string][] {
  return rows.map((r) => [
    `first ${r.kind} token after ready, ${r.server} (client_credentials; medians of ${r.runs} starts each way)`,
    `at once ${cost(r.first)}, after a ${r.pauseMs} ms pause ${cost(r.firstAfterPause)}; later ones back to back ${cost(r.later)}, ` +
      `after a ${r.pauseMs} ms pause ${cost(r.laterAfterPause)}; first ÷ later ${(r.first.wall / r.later.wall).toFixed(2)} at once, ` +
      `${(r.firstAfterPause.wall / r.laterAfterPause.wall).toFixed(2)} after the pause; first − later ${plus(r.first, r.later)} at once, ` +
      `${plus(r.firstAfterPause, r.laterAfterPause)} after the pause`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [k, v] of firstTokenRows(await firstToken())) console.log(`${k}: ${v}`);
}
