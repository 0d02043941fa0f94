// `npm run bench`: prints a markdown table of the figures bench/README.md records, and writes them
// to bench/results/latest.json. Loopback only; every loop is bounded.

import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createThroughput, resetTimes, searchLatency } from "./in-process.js";
import { startToReady } from "./start.js";
import { ms } from "./stats.js";
import { emulatorTarget, mockServerTarget, oidcProviderTarget, perSecond } from "./oidc.js";
import { settingsAndIdps } from "./settings-idps.js";
import { actionsOverhead } from "./actions.js";
import { exportImport } from "./export-import.js";
import { longLoad, longLoadRows } from "./long-load.js";
import { journalMemory, journalMemoryRows } from "./journal-memory.js";
import { uiBench, uiFilterRows, uiRows } from "./ui.js";
import { uiFilter as usersFilterBench } from "./ui-users-filter.js";
import { sideBySide, table as sideBySideTable } from "./side-by-side.js";
import { soak } from "./soak.js";
import { firstToken, firstTokenRows } from "./first-token.js";
import { instanceSeeding } from "./instance-seeding.js";
import { containerFigures } from "./container.js";

const start = await startToReady(15);
const reset = await resetTimes(200);
const create = await createThroughput(2000, 8);
const search = await searchLatency(10_000, 200);
const hierarchy = await settingsAndIdps(200, 50, 100);
const actions = await actionsOverhead(500, 2000);
const orgFiles = [await exportImport(10_000), await exportImport(100_000)];
const ui = await uiBench(5);
const uiFilter = await uiFilterRows();
const usersFilter = await usersFilterBench();
const seeding = await instanceSeeding();

// Code flows from this process (they need cookies and forms); tokens and introspections side by side below.
const oidc: Record<string, { codeFlows: number }> = {};
for (const make of [emulatorTarget, oidcProviderTarget, mockServerTarget]) {
  const t = await make();
  try {
    oidc[t.name] = { codeFlows: await perSecond(() => t.codeFlow(), 300, 8) };
  } finally {
    t.close();
  }
}
const peers = await sideBySide();
const firstTokens = await firstToken();
const soaked = await soak();
const container = await containerFigures(5);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const rows = [
  ["start to ready (CLI, in memory; median of 15)", `${ms(start.emulator.median)} (min ${ms(start.emulator.min)}, max ${ms(start.emulator.max)})`],
  ["bare fastify server, one route (same measure)", `${ms(start.fastify.median)} (min ${ms(start.fastify.min)}, max ${ms(start.fastify.max)})`],
  ["reset after 10 writes (median / p95 of 200)", `${ms(reset.median)} / ${ms(reset.p95)}`],
  ["CreateTarget over REST (2000 requests, 8 concurrent)", `${Math.round(create.perSecond)} per second`],
  ["SearchTargets, 10,000 targets, limit 100 (median / p95 of 200)", `${ms(search.median)} / ${ms(search.p95)}`],
  [
    `SearchIDPs, 1 instance × 200 orgs × 50 IDPs (${hierarchy.idps}), one page of 100 (median / p95 of 100)`,
    `${ms(hierarchy.searchIdps.median)} / ${ms(hierarchy.searchIdps.p95)}`,
  ],
  ["ResolveLanguages at org level (median / p95 of 100)", `${ms(hierarchy.resolveLanguages.median)} / ${ms(hierarchy.resolveLanguages.p95)}`],
  ["GetTarget over REST, no execution (median / p95 of 500)", `${ms(actions.plain.median)} / ${ms(actions.plain.p95)}`],
  [
    "GetTarget with a request execution, one webhook target (median / p95 of 500)",
    `${ms(actions.withExecution.median)} / ${ms(actions.withExecution.p95)} (adds ${ms(actions.withExecution.median - actions.plain.median)} at the median)`,
  ],
  ["event executions, 2000 events to one webhook target", `${Math.round(actions.events.perSecond)} per second (${actions.events.delivered} delivered)`],
];
rows.push(
  [
    "POST /emulator/v1/instances seeded from the default fixtures (median / p95 of 40)",
    `${ms(seeding.seedDefault.median)} / ${ms(seeding.seedDefault.p95)} (min ${ms(seeding.seedDefault.min)})`,
  ],
  [
    "POST /emulator/v1/instances seeded from an export of 1,000 users (median / p95 of 10)",
    `${ms(seeding.seedExport.median)} / ${ms(seeding.seedExport.p95)} (min ${ms(seeding.seedExport.min)})`,
  ],
  [
    "POST instances/{id}/_reset after 10 writes, nothing else running (median / p95 of 40)",
    `${ms(seeding.resetAlone.median)} / ${ms(seeding.resetAlone.p95)} (min ${ms(seeding.resetAlone.min)})`,
  ],
  [
    "POST instances/{id}/_reset after 10 writes, another instance under token load (median / p95 of 40)",
    `${ms(seeding.reset.median)} / ${ms(seeding.reset.p95)} (min ${ms(seeding.reset.min)}); ` +
      `that instance's token p99 ${ms(seeding.tokens.duringResetsP99)} during the resets, ${ms(seeding.tokens.baselineP99)} before`,
  ],
);
for (const f of orgFiles) {
  rows.push([
    `admin import / export of one org with ${f.users} users (${f.documentMiB.toFixed(1)} MiB document)`,
    `import ${ms(f.importMs)}, export ${ms(f.exportMs)}; emulator peak RSS ${Math.round(f.peakRssMiB)} MiB`,
  ]);
}
rows.push(...uiRows(ui), ...uiFilter);
if (usersFilter) {
  const f = usersFilter;
  rows.push(
    [`UI users screen: ${f.users} users listed (navigation to the full table)`, ms(f.readyMs)],
    [`UI users filter on ${f.users} users, keystroke to new count in the DOM (median / p95)`, `${ms(f.keystroke.median)} / ${ms(f.keystroke.p95)}`],
    [`UI users filter function alone on ${f.users} rows (median / p95 of 200)`, `${ms(f.filterOnly.median)} / ${ms(f.filterOnly.p95)}`],
  );
}
const emu = oidc["svc-emulator"]!;
for (const [label, key] of [["full code + PKCE flows", "codeFlows"]] as const) {
  const others = Object.entries(oidc)
    .filter(([n]) => n !== "svc-emulator")
    .map(([n, r]) => `${n} ${Math.round(r[key])} (×${(emu[key] / r[key]).toFixed(2)})`);
  rows.push([`${label} per second, 8 concurrent`, `svc-emulator ${Math.round(emu[key])}; ${others.join("; ")}`]);
}
rows.push(...firstTokenRows(firstTokens));
rows.push(...journalMemoryRows(await journalMemory()));
// Five minutes: only when asked for (BENCH_LONG=1).
const long = process.env.BENCH_LONG === "1" ? await longLoad() : undefined;
if (long) rows.push(...longLoadRows(long));
if ("skipped" in container) rows.push(["container image (bench/container.ts)", `not measured: ${container.skipped}`]);
else
  rows.push(
    ["container image size (base alone)", `${(container.imageBytes / 1e6).toFixed(0)} MB (${((container.baseBytes ?? 0) / 1e6).toFixed(0)} MB)`],
    ["start to ready in a container (podman run, in memory; median of 5)", `${ms(container.inContainer.median)} (min ${ms(container.inContainer.min)})`],
    ["the same start without a container (median of 5)", `${ms(container.withoutContainer.median)} (min ${ms(container.withoutContainer.min)})`],
  );
console.log(`Machine: ${machine}\n`);
console.log("| benchmark | result |\n|---|---|");
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
console.log(`\nSide by side (bench/side-by-side.ts):\n\n${sideBySideTable(peers)}`);
const r = soaked;
console.log(
  `\nSoak (bench/soak.ts, ${r.where}): ${r.tokens} tokens; rate after ÷ fresh ${(r.after.perSecond / r.fresh.perSecond).toFixed(2)}, ` +
    `CPU/token ${Math.round(r.fresh.cpuPerRequest)} → ${Math.round(r.after.cpuPerRequest)} µs, ` +
    `RSS ${Math.round(r.fresh.rssMiB)} → ${Math.round(r.after.rssMiB)} MiB ` +
    `(peak ${Math.round(r.after.peakMiB)}); RSS by chunk ${r.rssByChunk.map(Math.round).join(", ")}`,
);

mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(
  new URL("./results/latest.json", import.meta.url),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      start,
      reset,
      create,
      search,
      hierarchy,
      actions,
      orgFiles,
      ui,
      uiFilter,
      usersFilter,
      seeding,
      oidc,
      peers,
      firstTokens,
      soak: soaked,
      long,
      container,
    },
    null,
    2,
  ),
);
