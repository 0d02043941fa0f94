// The first token after ready against later ones (issue 15: the first costs no more than a later one),
// for the emulator and oidc-provider: each start (the CLI in memory with the bench fixtures, or the
// peer's server) is polled until its discovery document answers; then comes the first token request
// of all and 19 more of the same kind, one after another, each timed from request to parsed body. An
// opaque-first start and a JWT-first start per server and round, interleaved; medians over the rounds
// of the first and of the 11th–20th (the later ones).
//
// env: FIRST_TOKEN_RUNS (7); BENCH_BEFORE_ROOT: a built checkout measured too, as "svc-emulator (before)"

import { fileURLToPath } from "node:url";
import { startEmulator, startOidcProvider, type FirstRequests } from "./peers.js";
import { ms, summary } from "./stats.js";

const RUNS = Number(process.env.FIRST_TOKEN_RUNS ?? 7);
const KINDS = [
  ["opaque", "cc-opaque"],
  ["JWT", "cc-jwt"],
] as const;
/** Another built checkout of the emulator measured too (the tree before a change), as in side-by-side.ts. */
const BEFORE = process.env.BENCH_BEFORE_ROOT;
type Start = (first: FirstRequests) => Promise<{ stop(): Promise<void> }>;
const SERVERS: [string, Start][] = [
  ["svc-emulator", (first) => startEmulator([], undefined, undefined, first)],
  ["oidc-provider", (first) => startOidcProvider(first)],
];
if (BEFORE) SERVERS.push(["svc-emulator (before)", (first) => startEmulator([], BEFORE, "svc-emulator (before)", first)]);

export interface FirstTokenRow {
  server: string;
  kind: string;
  first: number;
  later: number;
  runs: number;
}

/** Times 20 token requests of `row` in a fresh start; the first is the first token request it gets. */
async function twenty(start: Start, row: "cc-opaque" | "cc-jwt"): Promise<number[]> {
  const times: number[] = [];
  const running = await start(async (rows) => {
    const spec = rows[row]!;
    for (let n = 0; n < 20; n++) {
      const t0 = performance.now();
      const res = await fetch(spec.url, { method: "POST", headers: spec.headers, body: spec.body });
      const body = (await res.json()) as { access_token?: string };
      if (!body.access_token) throw new Error(`${spec.url}: no token: ${JSON.stringify(body)}`);
      times.push(performance.now() - t0);
    }
  });
  await running.stop();
  return times;
}

export async function firstToken(runs = RUNS): Promise<FirstTokenRow[]> {
  const seen = new Map<string, { firsts: number[]; laters: number[] }>();
  for (let i = 0; i < runs; i++) {
    for (const [kind, row] of KINDS) {
      for (const [server, start] of SERVERS) {
        const times = await twenty(start, row);
        const key = `${server}\t${kind}`;
        const s = seen.get(key) ?? { firsts: [], laters: [] };
        s.firsts.push(times[0]!);
        s.laters.push(summary(times.slice(10)).median);
        seen.set(key, s);
      }
    }
  }
  return [...seen].map(([key, s]) => {
    const [server, kind] = key.split("\t") as [string, string];
    return { server, kind, first: summary(s.firsts).median, later: summary(s.laters).median, runs };
  });
}

/** Rows for the bench's table: the first token and a later one, per server and kind. */
export function firstTokenRows(rows: FirstTokenRow[]): [string, string][] {
  return rows.map((r) => [
    `first ${r.kind} token after ready, ${r.server} (client_credentials; median of ${r.runs} starts)`,
    `${ms(r.first)}; a later one (11th–20th) ${ms(r.later)}: first ÷ later ${(r.first / r.later).toFixed(2)}`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [k, v] of firstTokenRows(await firstToken())) console.log(`${k}: ${v}`);
}
