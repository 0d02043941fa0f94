// The first token after ready against later ones (issue 15: the first costs no more than a later
// one): the CLI started in memory with the bench fixtures, then 20 JWT client_credentials tokens
// one after another, each timed from request to parsed body; median of RUNS starts.
//
// env: FIRST_TOKEN_RUNS (5)

import { fileURLToPath } from "node:url";
import { startEmulator } from "./peers.js";
import { summary } from "./stats.js";

const RUNS = Number(process.env.FIRST_TOKEN_RUNS ?? 5);

export async function firstToken(runs = RUNS): Promise<{ first: number; laterMedian: number }> {
  const firsts: number[] = [];
  const laters: number[] = [];
  for (let i = 0; i < runs; i++) {
    const emu = await startEmulator();
    try {
      const spec = emu.rows["cc-jwt"]!;
      const times: number[] = [];
      for (let n = 0; n < 20; n++) {
        const t0 = performance.now();
        const res = await fetch(spec.url, { method: "POST", headers: spec.headers, body: spec.body });
        await res.json();
        times.push(performance.now() - t0);
      }
      firsts.push(times[0]!);
      laters.push(summary(times.slice(10)).median);
    } finally {
      await emu.stop();
    }
  }
  return { first: summary(firsts).median, laterMedian: summary(laters).median };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await firstToken();
  console.log(`first JWT token after ready: ${r.first.toFixed(1)} ms; a later one (11th-20th, median): ${r.laterMedian.toFixed(1)} ms`);
}
