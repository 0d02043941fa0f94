// The request journal's memory (issue 29): an in-process emulator answers JOURNAL_REQUESTS (30,000)
// requests, 16 at a time, half key-set requests (OIDC, no client or user) and half GetUser calls over
// REST with the admin PAT (resource API: an entry with a client id and a user id, as most entries of a
// real run carry); the journal keeps at most 10,000 entries per instance, so its entries and the heap
// after a full collection stay flat past the bound. Reports the entries kept and the heap after 10,000
// requests and at the end. Run with node --expose-gc --import tsx bench/journal-memory.ts.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;

export async function journalMemory(total = Number(process.env.JOURNAL_REQUESTS ?? 30_000)) {
  const emu = await startEmulator({ port: 0, inMemory: true });
  const heapMiB = () => {
    gc?.();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const search = await fetch(`${emu.url}/resources/v3alpha/users/_search`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
    body: "[]",
  });
  const users = (await search.json()) as { result: { details: { id: string } }[] };
  const userId = users.result[0]!.details.id;
  let sent = 0;
  const send = async (upTo: number) => {
    const worker = async () => {
      while (sent < upTo) {
        const n = sent++;
        const res =
          n % 2 === 0
            ? await fetch(`${emu.url}/oauth/v2/keys`)
            : await fetch(`${emu.url}/resources/v3alpha/users/${userId}`, { headers: { authorization: `Bearer ${emu.adminPat}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`request ${n}: ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  };
  await send(10_000);
  const at10k = { entries: emu.requests.count(), heapMiB: heapMiB() };
  await send(total);
  const atEnd = { entries: emu.requests.count(), heapMiB: heapMiB() };
  await emu.close();
  return { requests: total, at10k, atEnd, collected: gc !== undefined };
}

export function journalMemoryRows(r: Awaited<ReturnType<typeof journalMemory>>): [string, string][] {
  return [
    [
      `request journal: ${r.requests} requests, entries kept after 10,000 / at the end`,
      `${r.at10k.entries} / ${r.atEnd.entries}; heap ${Math.round(r.at10k.heapMiB)} MiB / ${Math.round(r.atEnd.heapMiB)} MiB` +
        (r.collected ? "" : " (without --expose-gc)"),
    ],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await journalMemory();
  console.log(JSON.stringify(r, null, 2));
  for (const [k, v] of journalMemoryRows(r)) console.log(`| ${k} | ${v} |`);
}
