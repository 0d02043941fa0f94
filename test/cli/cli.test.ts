// The svc-emulator command (issue 2): the --json ready line, the banner, clean shutdown on
// SIGTERM and SIGINT, and usage errors. Runs the bundled command as a user would (build it first:
// `npm run build`). Every test has a time limit; children still running are killed at the end.

import "../helpers/key-stock-env.js";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const children = new Set<ChildProcess>();
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-cli-"));
const LIMIT = { timeout: 20_000 };
after(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(tmp, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  firstLine: Promise<string>;
  output(): string;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  const firstLine = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line within 10s; stderr: ${stderr}`)), 10_000);
    child.stdout!.on("data", (c) => {
      stdout += c;
      if (stdout.includes("\n")) clearTimeout(timer), resolve(stdout.split("\n")[0]!);
    });
    child.on("exit", () => (clearTimeout(timer), resolve(stdout.split("\n")[0]!)));
  });
  child.stderr!.on("data", (c) => (stderr += c));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => (children.delete(child), resolve({ code, stdout, stderr }))),
  );
  return { child, firstLine, exit, output: () => stdout };
}

describe("svc-emulator start", () => {
  it("prints exactly one JSON line when ready, serves it, and exits 0 on SIGTERM", LIMIT, async () => {
    const r = run(["start", "--port", "0", "--in-memory", "--json"]);
    const ready = JSON.parse(await r.firstLine) as Record<string, unknown>;
    assert.deepEqual(Object.keys(ready), ["url", "issuer", "port", "adminPat", "consoleToken", "ui"]);
    assert.match(String(ready.ui), new RegExp(`^${ready.url}/ui/\\?t=[A-Za-z0-9_-]{32}$`));
    assert.equal(ready.url, `http://localhost:${ready.port}`);
    assert.equal(ready.issuer, ready.url);
    const health = await fetch(`${ready.url}/emulator/v1/health`);
    assert.equal(health.status, 200);
    const search = await fetch(`${ready.url}/resources/v3alpha/targets/_search`, {
      method: "POST",
      headers: { authorization: `Bearer ${ready.adminPat}` },
      body: "[]",
    });
    assert.equal(search.status, 200);
    const clock = await fetch(`${ready.url}/emulator/v1/clock`, { headers: { authorization: `Bearer ${ready.consoleToken}` } });
    assert.equal(clock.status, 200);
    r.child.kill("SIGTERM");
    const done = await r.exit;
    assert.equal(done.code, 0);
    assert.equal(done.stdout.trim().split("\n").length, 1);
  });

  it("prints a banner with the same facts without --json and exits 0 on SIGINT", LIMIT, async () => {
    const r = run(["start", "--port", "0", "--data-dir", join(tmp, "data")]);
    assert.match(await r.firstLine, /^ui {2}http:\/\/localhost:\d+\/ui\/\?t=[A-Za-z0-9_-]{32}$/);
    await new Promise((res) => setTimeout(res, 100));
    const first = r.output().split("\n")[1]!;
    assert.match(first, /^svc-emulator ready on http:\/\/localhost:\d+$/);
    const fact = (label: string) => new RegExp(`^  ${label} +(\\S+)$`, "m").exec(r.output())?.[1];
    const url = first.slice("svc-emulator ready on ".length);
    assert.deepEqual([fact("issuer"), fact("data")], [url, join(tmp, "data")]);
    const search = await fetch(`${url}/resources/v3alpha/targets/_search`, {
      method: "POST",
      headers: { authorization: `Bearer ${fact("adminPat")}` },
      body: "[]",
    });
    assert.equal(search.status, 200);
    const clock = await fetch(`${url}/emulator/v1/clock`, { headers: { authorization: `Bearer ${fact("consoleToken")}` } });
    assert.equal(clock.status, 200);
    r.child.kill("SIGINT");
    const done = await r.exit;
    assert.equal(done.code, 0);
    for (const label of ["issuer", "data", "adminPat", "consoleToken"]) assert.match(done.stdout, new RegExp(`^  ${label} +\\S+`, "m"));
  });

  const usage: [string[], number, RegExp, "stdout" | "stderr"][] = [
    [["start", "--data-dir", "x", "--in-memory"], 2, /--data-dir and --in-memory exclude each other/, "stderr"],
    [["start", "--port", "abc"], 2, /--port must be a number from 0 to 65535, not abc/, "stderr"],
    [["start", "--port", ""], 2, /--port must be a number from 0 to 65535, not \n/, "stderr"],
    [["start", "--port", "0x1F"], 2, /--port must be a number from 0 to 65535, not 0x1F/, "stderr"],
    [["start", "--port", "65536"], 2, /--port must be a number from 0 to 65535, not 65536/, "stderr"],
    [["start", "--seed", ""], 2, /--seed must be a whole number, not \n/, "stderr"],
    [["start", "--data-dir", ""], 2, /--data-dir needs a directory/, "stderr"],
    [["start", "--fixtures", " "], 2, /--fixtures needs a file/, "stderr"],
    [["start", "--colour"], 2, /Unknown option '--colour'/, "stderr"],
    [["stop"], 2, /unknown command: stop/, "stderr"],
    [[], 2, /missing command/, "stderr"],
    [["--help"], 0, /^Usage: svc-emulator start \[options\]/, "stdout"],
  ];
  for (const [args, code, message, stream] of usage) {
    it(`${args.join(" ") || "(no arguments)"} exits ${code}`, LIMIT, async () => {
      const done = await run(args).exit;
      assert.equal(done.code, code);
      assert.match(done[stream], message);
    });
  }

  it("exits 1 naming the problem of a bad fixtures file", LIMIT, async () => {
    const file = join(tmp, "bad.json");
    writeFileSync(file, JSON.stringify({ instances: [] }));
    const done = await run(["start", "--port", "0", "--in-memory", "--fixtures", file]).exit;
    assert.equal(done.code, 1);
    assert.match(done.stderr, /bad\.json: \/instances: Expected array length to be greater or equal to 1/);
    writeFileSync(file, "{ not json");
    const notJson = await run(["start", "--port", "0", "--in-memory", "--fixtures", file]).exit;
    assert.equal(notJson.code, 1);
    assert.match(notJson.stderr, /fixture file .*bad\.json: /);
  });

  it("says so when the port is taken", LIMIT, async () => {
    const first = run(["start", "--port", "0", "--in-memory", "--json"]);
    const port = (JSON.parse(await first.firstLine) as { port: number }).port;
    const second = await run(["start", "--port", String(port), "--in-memory"]).exit;
    assert.equal(second.code, 1);
    assert.match(second.stderr, new RegExp(`port ${port} is in use; try --port 0`));
    first.child.kill("SIGTERM");
    assert.equal((await first.exit).code, 0);
  });
});
