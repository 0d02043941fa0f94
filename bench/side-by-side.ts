// Side by side with oidc-provider and oauth2-mock-server (issue 15): client_credentials with JWT and
// opaque access tokens, introspection of an active and of a rejected token, spawn to discovery 200
// and RSS at ready and after the load. Each server runs in its own process and the load comes from
// autocannon in another (bench/load.mjs); rounds interleave the servers so the machine's drift hits
// all alike; figures are medians of the rounds, ratios are taken per round and then the median.
// CPU per request is the server process's CPU time (/proc) over the row divided by its requests.
//
// env: BENCH_ROUNDS (5), BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_SERVERS (emulator,oidc-provider,oauth2-mock-server),
// BENCH_BEFORE_ROOT (a built checkout measured too, as "svc-emulator (before)")

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cpuMicros, rssMiB, startEmulator, startMockServer, startOidcProvider, type RequestSpec, type RowName, type Running } from "./peers.js";
import { summary } from "./stats.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOAD = fileURLToPath(new URL("./load.mjs", import.meta.url));
const ROWS: [RowName, string][] = [
  ["cc-jwt", "client_credentials, JWT RS256 access token"],
  ["cc-opaque", "client_credentials, opaque access token"],
  ["introspect-active", "introspection of an active token"],
  ["introspect-rejected", "introspection of a rejected token (`active:false`)"],
];
const ALL_SERVERS = { emulator: startEmulator, "oidc-provider": startOidcProvider, "oauth2-mock-server": startMockServer };
const BEFORE = process.env.BENCH_BEFORE_ROOT;
const SERVERS = [
  ...(process.env.BENCH_SERVERS?.split(",") ?? Object.keys(ALL_SERVERS)).map((k) => ALL_SERVERS[k as keyof typeof ALL_SERVERS]),
  // Another built checkout of the emulator (e.g. before a change), measured in the same rounds.
  ...(BEFORE ? [() => startEmulator([], BEFORE, "svc-emulator (before)")] : []),
];

function load(spec: RequestSpec): Promise<{ perSecond: number; requests: number; non2xx: number; errors: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [LOAD, JSON.stringify({ ...spec, connections: CONNECTIONS, seconds: SECONDS })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.once("exit", (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`load exited ${code}`))));
  });
}

interface Sample {
  perSecond: number;
  cpuPerRequest: number;
}
type Results = Record<string, { start: number[]; rssReady: number[]; rssAfter: number[]; rows: Partial<Record<RowName, Sample[]>> }>;

export async function sideBySide(rounds = ROUNDS): Promise<Results> {
  const results: Results = {};
  for (let round = 0; round < rounds; round++) {
    for (const start of SERVERS) {
      const s: Running = await start();
      const r = (results[s.name] ??= { start: [], rssReady: [], rssAfter: [], rows: {} });
      r.start.push(s.startMs);
      r.rssReady.push(rssMiB(s.pid));
      for (const [row] of ROWS) {
        const spec = s.rows[row];
        if (!spec) continue;
        const cpu0 = cpuMicros(s.pid);
        const got = await load(spec);
        const cpu = cpuMicros(s.pid) - cpu0;
        if (got.non2xx || got.errors) throw new Error(`${s.name} ${row}: ${got.non2xx} answers not 200, ${got.errors} errors`);
        (r.rows[row] ??= []).push({ perSecond: got.perSecond, cpuPerRequest: cpu / got.requests });
      }
      r.rssAfter.push(rssMiB(s.pid));
      await s.stop();
    }
  }
  return results;
}

const med = (xs: number[]) => summary(xs).median;
const n = (x: number) => Math.round(x).toLocaleString("en-US");

export function table(results: Results): string {
  const names = Object.keys(results);
  const emu = results["svc-emulator"]!;
  const lines = [
    `| row | ${names.join(" | ")} | ${names
      .slice(1)
      .map((o) => `emulator vs ${o}`)
      .join(" | ")} |`,
    `|---|${names.map(() => "---|").join("")}${names
      .slice(1)
      .map(() => "---|")
      .join("")}`,
  ];
  for (const [row, label] of ROWS) {
    const cells = names.map((name) => {
      const samples = results[name]!.rows[row];
      return samples ? `${n(med(samples.map((x) => x.perSecond)))} req/s, ${n(med(samples.map((x) => x.cpuPerRequest)))} µs CPU/req` : "—";
    });
    const ratios = names.slice(1).map((other) => {
      const a = emu.rows[row];
      const b = results[other]!.rows[row];
      if (!a || !b) return "—";
      const rate = med(a.map((x, i) => x.perSecond / b[i]!.perSecond));
      const cpu = med(a.map((x, i) => b[i]!.cpuPerRequest / x.cpuPerRequest));
      return `${rate.toFixed(2)} × (CPU/req ${cpu.toFixed(2)} ×)`;
    });
    lines.push(`| ${label} | ${cells.join(" | ")} | ${ratios.join(" | ")} |`);
  }
  lines.push(
    `| spawn to discovery 200 | ${names.map((name) => `${n(med(results[name]!.start))} ms`).join(" | ")} | ${names
      .slice(1)
      .map((o) => `${o} ÷ emulator ${(med(results[o]!.start) / med(emu.start)).toFixed(2)}`)
      .join(" | ")} |`,
  );
  lines.push(
    `| RSS at ready → after the load | ${names.map((m) => `${n(med(results[m]!.rssReady))} → ${n(med(results[m]!.rssAfter))} MiB`).join(" | ")} | ${names
      .slice(1)
      .map(() => "—")
      .join(" | ")} |`,
  );
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`${ROUNDS} rounds × ${CONNECTIONS} connections × ${SECONDS} s, medians\n`);
  console.log(table(await sideBySide()));
}
