// Issue 5's rows: what a request execution with one webhook target adds to an rpc (GetTarget over
// REST, with and without the execution), and how many events per second event executions deliver
// to one webhook target. The target is a node:http server in this process, answering 200 at once.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { startEmulator } from "../emulator/src/index.js";
import { internals } from "../emulator/src/internal.js";
import { summary } from "./stats.js";

const SVC = "svc.resources.action.v3alpha.SvcActions";

export async function actionsOverhead(runs: number, events: number) {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const emu = await startEmulator({ port: 0, inMemory: true });
  const headers = { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const target = ((await api("POST", "/resources/v3alpha/targets", { name: "bench", restWebhook: { url: hook }, timeout: "10s" })).details as { id: string })
      .id;
    const getTarget = async () => {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await api("GET", `/resources/v3alpha/targets/${target}`);
        samples.push(performance.now() - t0);
      }
      return summary(samples);
    };
    await getTarget(); // warm-up
    const plain = await getTarget();
    await api("POST", "/resources/v3alpha/executions", { condition: { request: { method: `/${SVC}/GetTarget` } }, targets: [target] });
    const withExecution = await getTarget();

    await api("POST", "/resources/v3alpha/executions", { condition: { event: { event: "bench.fired" } }, targets: [target] });
    const instanceId = (internals(emu).core.db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
    const before = received;
    const t0 = performance.now();
    for (let i = 0; i < events; i++) {
      internals(emu).core.events.push([
        { instanceId, aggregateType: "bench", aggregateId: String(i), type: "bench.fired", payload: { i }, creator: "bench", resourceOwner: instanceId },
      ]);
    }
    const deadline = Date.now() + 60_000;
    while (received - before < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const delivered = received - before;
    return { plain, withExecution, events: { delivered, perSecond: (delivered * 1000) / (performance.now() - t0) } };
  } finally {
    await emu.close();
    server.closeAllConnections();
    server.close();
  }
}
