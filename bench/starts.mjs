// Start-up of several built checkouts, interleaved: spawn to the ready line, spawn to the first discovery
// 200 (polled from the spawn on, as side-by-side.ts does), CPU of the process at ready (/proc/<pid>/stat,
// all threads; the main thread's alone from its schedstat) and RSS at ready; then, 300 ms later, the first
// resource API request (REST GetTarget of an unknown id): its time and the process's CPU over it, and a
// second request's time. Medians over ROUNDS rounds; each round starts every root once, in turn.
//
// usage: node bench/starts.mjs <root> [<root>…]   (env ROUNDS, default 15)

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const roots = process.argv.slice(2);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const TICK = 100; // USER_HZ
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
};
/** The main thread's CPU time in ms, at nanosecond resolution (schedstat), not the 10 ms ticks of stat. */
const mainCpuMs = (pid) => Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function once(root) {
  const t0 = performance.now();
  const c = spawn(process.execPath, [`${root}/bin/svc-emulator.cjs`, "start", "--in-memory", "--port", "0", "--json"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise((ok) => c.stdout.once("data", (d) => ok(String(d))));
  const ready = performance.now() - t0;
  const cpu = cpuMs(c.pid);
  const mainCpu = mainCpuMs(c.pid);
  const mem = rss(c.pid);
  const { url, adminPat } = JSON.parse(line.split("\n")[0]);
  let discovery;
  for (;;) {
    const r = await fetch(`${url}/.well-known/openid-configuration`).catch(() => undefined);
    if (r?.status === 200) {
      await r.text();
      discovery = performance.now() - t0;
      break;
    }
  }
  await new Promise((ok) => setTimeout(ok, 300)); // the key pair and the rest of start-up done
  const c0 = cpuMs(c.pid);
  const a0 = performance.now();
  const api = await fetch(`${url}/resources/v3alpha/targets/123`, { headers: { authorization: `Bearer ${adminPat}` } });
  await api.text();
  const firstApi = performance.now() - a0;
  const firstApiCpu = cpuMs(c.pid) - c0;
  const b0 = performance.now();
  await (await fetch(`${url}/resources/v3alpha/targets/124`, { headers: { authorization: `Bearer ${adminPat}` } })).text();
  const secondApi = performance.now() - b0;
  c.kill("SIGTERM");
  await new Promise((ok) => c.once("exit", ok));
  return { ready, discovery, cpu, mainCpu, mem, firstApi, firstApiCpu, secondApi };
}

const results = new Map(roots.map((r) => [r, []]));
for (let i = 0; i < ROUNDS; i++) for (const r of roots) results.get(r).push(await once(r));
for (const [root, runs] of results) {
  const m = (k) => Math.round(med(runs.map((x) => x[k])) * 10) / 10;
  console.log(
    JSON.stringify({
      root,
      ready: m("ready"),
      readyP25: Math.round([...runs.map((x) => x.ready)].sort((a, b) => a - b)[Math.floor(runs.length / 4)]),
      discovery: m("discovery"),
      cpuAtReady: m("cpu"),
      mainThreadCpuAtReady: m("mainCpu"),
      rssAtReady: m("mem"),
      firstApiMs: m("firstApi"),
      firstApiCpuMs: m("firstApiCpu"),
      secondApiMs: m("secondApi"),
    }),
  );
}
