// Benchmarks against one in-process emulator: reset, CreateTarget throughput over REST, and
// SearchTargets latency with 10,000 targets.

import { startEmulator, type Emulator } from "../emulator/src/index.js";
import { internals } from "../emulator/src/internal.js";
import { createTarget } from "../emulator/src/domain/target/commands.js";
import { summary } from "./stats.js";

const target = (name: string) => JSON.stringify({ name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" });

function defaultInstanceId(emu: Emulator): string {
  return (internals(emu).core.db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
}

export async function resetTimes(runs: number) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  try {
    const actor = { instanceId: defaultInstanceId(emu), userId: "bench" };
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (let j = 0; j < 10; j++)
        createTarget(internals(emu).core, actor, {
          name: `r-${i}-${j}`,
          targetType: "rest_webhook",
          url: "http://x/",
          timeoutMs: 1000,
          isAsync: false,
          interruptOnError: false,
        });
      const t0 = performance.now();
      emu.reset();
      times.push(performance.now() - t0);
    }
    return summary(times);
  } finally {
    await emu.close();
  }
}

export async function createThroughput(total: number, concurrency: number) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  try {
    const headers = { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" };
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const n = next++;
          const res = await fetch(`${emu.url}/resources/v3alpha/targets`, {
            method: "POST",
            headers,
            body: target(`t-${n}`),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status !== 201) throw new Error(`CreateTarget answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    return { perSecond: total / ((performance.now() - t0) / 1000) };
  } finally {
    await emu.close();
  }
}

export async function searchLatency(targets: number, runs: number) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  try {
    const actor = { instanceId: defaultInstanceId(emu), userId: "bench" };
    for (let i = 0; i < targets; i++)
      createTarget(internals(emu).core, actor, {
        name: `s-${i}`,
        targetType: "rest_webhook",
        url: "http://x/",
        timeoutMs: 1000,
        isAsync: false,
        interruptOnError: false,
      });
    const headers = { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" };
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const res = await fetch(`${emu.url}/resources/v3alpha/targets/_search?query.limit=100&query.offset=${(i * 100) % targets}`, {
        method: "POST",
        headers,
        body: "[]",
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { result: unknown[] };
      times.push(performance.now() - t0);
      if (body.result.length !== 100) throw new Error(`expected 100 results, got ${body.result.length}`);
    }
    return summary(times);
  } finally {
    await emu.close();
  }
}
