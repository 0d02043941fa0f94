// Issue 26's rows: instances made and seeded one by one, and reset one by one while another instance
// serves tokens. The emulator runs as its own process (the CLI, in memory, `--instances 1`: w1 is the
// instance under token load); this process sends the control API requests and the load (node:http
// with keep-alive and the instance's Host) and times them at the client.
// Alone: `node --import tsx bench/instance-seeding.ts` (after `npm run build`).

import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { documentOf } from "./export-import.js";
import { summary } from "./stats.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Cli {
  url: string;
  port: number;
  consoleToken: string;
  stop(): Promise<void>;
}

function startCli(): Promise<Cli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json", "--instances", "1"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error("no ready line in 20s"))), 20_000);
    child.stdout.once("data", (line: Buffer) => {
      clearTimeout(timer);
      const ready = JSON.parse(line.toString()) as { url: string; port: number; consoleToken: string };
      const stop = () => new Promise<void>((r) => (child.once("exit", () => r()), child.kill("SIGTERM")));
      resolve({ ...ready, stop });
    });
  });
}

/** Keep-alive for the token load; the control and write requests open a connection each (an idle kept one may be closed under them). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request over loopback with a Host of our choosing; answers status, body and the time it took. */
function call(port: number, host: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string; keepAlive?: boolean } = {}) {
  return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent: init.keepAlive ? agent : false,
        method: init.method ?? "GET",
        headers: { host, ...init.headers, ...(init.body === undefined ? {} : { "content-length": String(Buffer.byteLength(init.body)) }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, text, ms: performance.now() - t0 }));
      },
    );
    req.on("error", (e) => reject(new Error(`${init.method ?? "GET"} ${host}${path}: ${e.message}`)));
    req.end(init.body);
  });
}

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(0.99 * samples.length))]!;

export async function instanceSeeding(runs = 40) {
  const cli = await startCli();
  const host = `localhost:${cli.port}`;
  const consoleHeaders = { authorization: `Bearer ${cli.consoleToken}`, "content-type": "application/json" };
  const control = async (path: string, body?: unknown) => {
    const r = await call(cli.port, host, `/emulator/v1${path}`, {
      method: "POST",
      headers: consoleHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return r;
  };
  try {
    // Seeding from the default fixtures: one request each, a new instance every time.
    const seedDefault: number[] = [];
    for (let i = 0; i < runs; i++) seedDefault.push((await control("/instances", { seed: { fixtures: "default" } })).ms);
    // Seeding from an export of one org with 1,000 users (password hashes included).
    const document = documentOf(1000);
    const seedExport: number[] = [];
    for (let i = 0; i < 10; i++) seedExport.push((await control("/instances", { seed: { document } })).ms);

    // Resets of one instance (10 machine users written between them) while w1 serves tokens to 8 clients.
    const target = JSON.parse((await control("/instances", { name: "reset-me", seed: { fixtures: "default" } })).text) as {
      id: string;
      domains: string[];
      adminPat: string;
    };
    const writeHeaders = { authorization: `Bearer ${target.adminPat}`, "content-type": "application/json" };
    const writeTen = async (round: string) => {
      for (let j = 0; j < 10; j++) {
        const body = JSON.stringify({ username: `bench-${round}-${j}`, name: "Bench" });
        const r = await call(cli.port, `${target.domains[0]}:${cli.port}`, "/resources/v3alpha/users/machine", { method: "POST", headers: writeHeaders, body });
        if (r.status !== 201) throw new Error(`CreateMachineUser: ${r.status} ${r.text}`);
      }
    };
    // The same resets with nothing else running: the reset's own cost (plus one HTTP round trip).
    const resetsAlone: number[] = [];
    for (let i = 0; i < runs; i++) {
      await writeTen(`alone-${i}`);
      resetsAlone.push((await control(`/instances/${target.id}/_reset`, {})).ms);
    }
    const w1 = `w1.localhost:${cli.port}`;
    const tokenBody = "grant_type=client_credentials&scope=openid";
    const tokenHeaders = {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
    };
    let phase: "baseline" | "resets" | "stop" = "baseline";
    const latencies = { baseline: [] as number[], resets: [] as number[] };
    const load = Array.from({ length: 8 }, async () => {
      while (phase !== "stop") {
        // A kept connection the server closed as it was reused is tried again on a new one (not counted).
        const r = await call(cli.port, w1, "/oauth/v2/token", { method: "POST", headers: tokenHeaders, body: tokenBody, keepAlive: true }).catch(
          () => undefined,
        );
        if (!r) continue;
        if (r.status !== 200) throw new Error(`token: ${r.status} ${r.text}`);
        if (phase === "baseline" || phase === "resets") latencies[phase].push(r.ms);
      }
    });
    await new Promise((r) => setTimeout(r, 3000));
    phase = "resets";
    const resets: number[] = [];
    for (let i = 0; i < runs; i++) {
      await writeTen(String(i));
      resets.push((await control(`/instances/${target.id}/_reset`, {})).ms);
    }
    phase = "stop";
    await Promise.all(load);
    return {
      seedDefault: summary(seedDefault),
      seedExport: summary(seedExport),
      resetAlone: summary(resetsAlone),
      reset: summary(resets),
      tokens: {
        baselineP99: p99(latencies.baseline),
        duringResetsP99: p99(latencies.resets),
        baselineCount: latencies.baseline.length,
        duringCount: latencies.resets.length,
      },
    };
  } finally {
    agent.destroy();
    await cli.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await instanceSeeding(), null, 2));
