// The command's thread pool signs at a lower priority than the thread that serves requests
// (bin/pool-priority.cjs): on Linux the pool's threads, and only they, run at nice 6, and
// SVC_EMULATOR_POOL_NICE=0 leaves them at the process's priority. The pool still signs: a JWT access
// token is issued by the lowered pool. Runs the bundled command (build it first: `node scripts/build.mjs`).

import "../helpers/key-stock-env.js";
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { withJwtMachine } from "../helpers/fixtures.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-pool-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
// The default fixtures with a machine user whose access tokens are JWTs.
const FIXTURES = join(tmp, "fixtures.json");
writeFileSync(FIXTURES, JSON.stringify(withJwtMachine("pool-jwt")));
const linux = process.platform === "linux";

/** Each thread of the process: its id and nice value (the 19th field of /proc/<pid>/task/<tid>/stat). */
function niceOfThreads(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    out.set(Number(tid), Number(fields[16]));
  }
  return out;
}

/** Starts the command with `env`, hands its process and ready line to `use`, stops it. */
async function withCommand<T>(env: Record<string, string>, use: (pid: number, url: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json", "--fixtures", FIXTURES], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    const line = await new Promise<string>((resolve) => child.stdout.once("data", (d) => resolve(String(d).split("\n")[0] ?? "")));
    return await use(child.pid as number, JSON.parse(line).url);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

describe("the thread pool's priority (bin/pool-priority.cjs)", { skip: linux ? false : "reads /proc: Linux only" }, () => {
  it("lowers the pool's threads to nice 6 and no other thread; the pool still signs", async () => {
    await withCommand({ UV_THREADPOOL_SIZE: "3" }, async (pid, url) => {
      const res = await fetch(`${url}/oauth/v2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("pool-jwt:pool-jwt-secret").toString("base64")}` },
        body: "grant_type=client_credentials",
      });
      assert.equal(res.status, 200);
      const header = JSON.parse(Buffer.from(String((await res.json()).access_token).split(".")[0] ?? "", "base64url").toString());
      assert.equal(header.alg, "RS256");
      const nice = niceOfThreads(pid);
      assert.equal(nice.get(pid), 0, "the main thread keeps the process's priority");
      const lowered = [...nice].filter(([, n]) => n === 6).map(([tid]) => tid);
      assert.equal(lowered.length, 3, `the three threads of the pool, and no more: ${JSON.stringify([...nice])}`);
      assert.ok(!lowered.includes(pid));
      assert.equal([...nice.values()].filter((n) => n !== 0 && n !== 6).length, 0);
    });
  });

  it("SVC_EMULATOR_POOL_NICE=0 leaves every thread at the process's priority", async () => {
    await withCommand({ SVC_EMULATOR_POOL_NICE: "0" }, async (pid) => {
      const nice = niceOfThreads(pid);
      assert.ok(nice.size > 4);
      assert.deepEqual([...new Set(nice.values())], [0]);
    });
  });
});
