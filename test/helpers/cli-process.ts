// The built command (`node scripts/build.mjs` first) as a child process on a data dir: started,
// waited for until ready (its --json line), stopped with a signal. Children still running when the
// test file ends are killed.

import "./key-stock-env.js";
import { after } from "node:test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const children = new Set<ChildProcess>();
const dirs: string[] = [];
after(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A temporary directory removed when the test file ends. */
export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "svc-emulator-dd-"));
  dirs.push(d);
  return d;
}

export interface Ready {
  url: string;
  issuer: string;
  ui: string;
  port: number;
  adminPat: string;
  consoleToken: string;
}

export interface CliProcess {
  child: ChildProcess;
  /** The ready line, or the exit code and stderr of a start that failed. */
  started: Promise<{ ready: Ready } | { code: number | null; stderr: string }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

export function startCli(dataDir: string, extra: string[] = []): CliProcess {
  return spawnCli(["start", "--port", "0", "--json", "--data-dir", dataDir, ...extra]);
}

/** The command with these arguments and, when given, variables added to the environment. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on("exit", (code, signal) => (children.delete(child), resolve({ code, signal, stderr }))),
  );
  const started = new Promise<{ ready: Ready } | { code: number | null; stderr: string }>((resolve) => {
    child.stdout!.on("data", (c) => {
      stdout += c;
      if (stdout.includes("\n")) resolve({ ready: JSON.parse(stdout.split("\n")[0]!) as Ready });
    });
    void exited.then(({ code }) => resolve({ code, stderr }));
  });
  return { child, started, exited };
}

/** Starts the command and waits for its ready line; throws with its stderr when it does not start. */
export async function startReady(dataDir: string, extra: string[] = []): Promise<{ proc: CliProcess; ready: Ready }> {
  const proc = startCli(dataDir, extra);
  const s = await proc.started;
  if (!("ready" in s)) throw new Error(`svc-emulator did not start (exit ${s.code}): ${s.stderr}`);
  return { proc, ready: s.ready };
}

/** Kills the process with SIGKILL and waits until it is gone (reaped). */
export async function killHard(proc: CliProcess): Promise<void> {
  proc.child.kill("SIGKILL");
  await proc.exited;
}
