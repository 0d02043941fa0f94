// Soak (issue 15): an emulator serving many client_credentials tokens (opaque) stays as fast and
// as small as a fresh one. The emulator clock is frozen and, after every chunk of tokens, moved
// past their lifetime and the retention (12 h + 24 h + 1 min), as a long test suite that moves the
// clock would; pruning then removes the chunk before the last, so at most two chunks are stored at
// once. Without moving the clock no token of a run this short expires, and every one of them is
// live (and must answer as such). RSS is read after every chunk, so the table shows whether it is
// flat; the rate and CPU/request of a probe after the soak are compared with the same probe on the
// fresh emulator. Load from autocannon in its own process.
//
// env: SOAK_TOKENS (1,000,000), SOAK_CHUNK (100,000), SOAK_PROBE_SECONDS (5), SOAK_DATA_DIR (set: a
// data dir in a temporary directory instead of in memory)

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuMicros, rssMiB, startEmulator, type RequestSpec } from "./peers.js";

const TOKENS = Number(process.env.SOAK_TOKENS ?? 1_000_000);
const CHUNK = Number(process.env.SOAK_CHUNK ?? 100_000);
const PROBE_SECONDS = Number(process.env.SOAK_PROBE_SECONDS ?? 5);
const LOAD = fileURLToPath(new URL("./load.mjs", import.meta.url));

function load(spec: RequestSpec & { amount?: number; seconds?: number }): Promise<{ perSecond: number; requests: number; non2xx: number; errors: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [LOAD, JSON.stringify({ connections: 10, ...spec })], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.once("exit", (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`load exited ${code}`))));
  });
}

export interface SoakResult {
  tokens: number;
  where: string;
  fresh: { perSecond: number; cpuPerRequest: number; rssMiB: number };
  after: { perSecond: number; cpuPerRequest: number; rssMiB: number; peakMiB: number };
  rssByChunk: number[];
}

export async function soak(tokens = TOKENS, chunk = CHUNK): Promise<SoakResult> {
  const dir = process.env.SOAK_DATA_DIR ? mkdtempSync(join(tmpdir(), "svc-emulator-soak-")) : undefined;
  const emu = await startEmulator(dir ? ["--data-dir", dir] : []);
  const ctl = (path: string, json: unknown) =>
    fetch(`${emu.url}/emulator/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.consoleToken}`, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
  try {
    const spec = emu.rows["cc-opaque"]!;
    const probe = async () => {
      const cpu0 = cpuMicros(emu.pid);
      const r = await load({ ...spec, seconds: PROBE_SECONDS });
      if (r.non2xx || r.errors) throw new Error(`probe: ${r.non2xx} answers not 200, ${r.errors} errors`);
      return { perSecond: r.perSecond, cpuPerRequest: (cpuMicros(emu.pid) - cpu0) / r.requests, rssMiB: rssMiB(emu.pid) };
    };
    await ctl("/clock/_freeze", {});
    await load({ ...spec, amount: 5000 }); // warm-up: the JIT, the caches and the key ring as a running emulator has them
    const fresh = await probe();
    const rssByChunk: number[] = [];
    for (let issued = 0; issued < tokens; issued += chunk) {
      const r = await load({ ...spec, amount: Math.min(chunk, tokens - issued) });
      if (r.non2xx || r.errors) throw new Error(`soak: ${r.non2xx} answers not 200, ${r.errors} errors`);
      await ctl("/clock/_advance", { by: "36h1m" });
      rssByChunk.push(rssMiB(emu.pid));
    }
    const after = { ...(await probe()), peakMiB: rssMiB(emu.pid, "VmHWM") };
    return { tokens, where: dir ? "data dir" : "in memory", fresh, after, rssByChunk };
  } finally {
    await emu.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await soak();
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  console.log(`| soak (${r.where}) | fresh | after ${n(r.tokens)} tokens | after ÷ fresh |\n|---|---|---|---|`);
  const rate = (r.after.perSecond / r.fresh.perSecond).toFixed(2);
  console.log(`| tokens per second (probe, ${PROBE_SECONDS} s) | ${n(r.fresh.perSecond)} | ${n(r.after.perSecond)} | ${rate} |`);
  console.log(
    `| CPU per token | ${n(r.fresh.cpuPerRequest)} µs | ${n(r.after.cpuPerRequest)} µs | ${(r.after.cpuPerRequest / r.fresh.cpuPerRequest).toFixed(2)} |`,
  );
  console.log(`| RSS | ${n(r.fresh.rssMiB)} MiB | ${n(r.after.rssMiB)} MiB (peak ${n(r.after.peakMiB)}) | |`);
  console.log(`\nRSS after each chunk of ${n(CHUNK)} (MiB): ${r.rssByChunk.map(n).join(", ")}`);
}
