// What --in-memory leaves on disk (issue 15 round 4): its rows live in a private scratch file that is
// unlinked as soon as SQLite opened it (store/scratch-database.ts), so the temporary folder shows
// nothing while the emulator runs, across reset and snapshot restore (each opens a new scratch file),
// and after it ends, by a signal it handles or by SIGKILL. Runs the bundled command (build it first).

import "../helpers/key-stock-env.js";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LIMIT = { timeout: 20_000 };
const children = new Set<ChildProcess>();
const folders: string[] = [];
after(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Starts `start --in-memory` with its own empty temporary folder (TMPDIR, which SQLite uses too). */
async function startInMemory(): Promise<{ child: ChildProcess; folder: string; url: string; console: string; exited: Promise<number | null> }> {
  const folder = mkdtempSync(join(tmpdir(), "svc-emulator-tmp-"));
  folders.push(folder);
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: folder };
  delete env.SQLITE_TMPDIR;
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--in-memory", "--port", "0", "--json"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => (children.delete(child), done(code))));
  const line = await new Promise<string>((done, fail) => {
    let out = "";
    child.stdout!.on("data", (c) => {
      out += c;
      if (out.includes("\n")) done(out.split("\n")[0]!);
    });
    child.once("exit", () => fail(new Error(`exited before ready: ${out}`)));
  });
  const ready = JSON.parse(line) as { url: string; consoleToken: string };
  return { child, folder, url: ready.url, console: ready.consoleToken, exited };
}

/** Files the process holds open under `folder` (Linux: /proc/<pid>/fd), deleted ones included. */
function openUnder(pid: number, folder: string): string[] {
  const fds = `/proc/${pid}/fd`;
  return readdirSync(fds)
    .map((fd) => {
      try {
        return readlinkSync(join(fds, fd));
      } catch {
        return "";
      }
    })
    .filter((target) => target.startsWith(`${folder}/`));
}

async function tokenStatus(url: string): Promise<number> {
  const r = await fetch(`${url}/oauth/v2/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
    },
    body: "grant_type=client_credentials&scope=profile",
  });
  await r.arrayBuffer();
  return r.status;
}

async function control(emu: { url: string; console: string }, path: string, json?: unknown): Promise<number> {
  const r = await fetch(`${emu.url}/emulator/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.console}`, "content-type": "application/json" },
    body: JSON.stringify(json ?? {}),
  });
  await r.arrayBuffer();
  return r.status;
}

describe("--in-memory on disk", { skip: !existsSync("/proc/self/fd") && "needs /proc" }, () => {
  it("keeps its rows in an unlinked scratch file: the temporary folder stays empty through reset and restore, and after SIGTERM", LIMIT, async () => {
    const emu = await startInMemory();
    assert.equal(await tokenStatus(emu.url), 200);
    assert.deepEqual(readdirSync(emu.folder), []);
    const held = openUnder(emu.child.pid!, emu.folder);
    assert.equal(held.length, 1, `one scratch file open under the temporary folder: ${held.join(", ")}`);
    assert.match(held[0]!, / \(deleted\)$/);
    assert.equal(await control(emu, "/snapshots", { name: "before-reset" }), 201);
    assert.equal(await control(emu, "/reset"), 200);
    assert.equal(await control(emu, "/snapshots/before-reset/_restore"), 200);
    assert.equal(await tokenStatus(emu.url), 200);
    assert.deepEqual(readdirSync(emu.folder), []);
    assert.equal(openUnder(emu.child.pid!, emu.folder).length, 1, "the replaced scratch files were closed");
    emu.child.kill("SIGTERM");
    assert.equal(await emu.exited, 0);
    assert.deepEqual(readdirSync(emu.folder), []);
  });

  it("leaves nothing in the temporary folder when killed with SIGKILL", LIMIT, async () => {
    const emu = await startInMemory();
    assert.equal(await tokenStatus(emu.url), 200);
    emu.child.kill("SIGKILL");
    await emu.exited;
    assert.deepEqual(readdirSync(emu.folder), []);
  });
});
