// One emulator for a test run: the package's own command (`svc-emulator start --port 0 --in-memory
// --json`) started as a child process, its one-line ready JSON read, and stopped by SIGTERM (SIGKILL
// after 5 s). A process of its own keeps the emulator's work off the test runner's main thread.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface EmulatorProcessOptions {
  /** More arguments of `svc-emulator start` (e.g. `["--fixtures", "f.json"]`); `--port 0 --in-memory --json` come first. */
  args?: string[];
  /** How long to wait for the ready line; default 30 s. */
  timeoutMs?: number;
}

export interface EmulatorProcess {
  url: string;
  port: number;
  consoleToken: string;
  /** Stops the emulator and waits until it has exited (its port is free then). */
  stop(): Promise<void>;
  /** Sends SIGTERM without waiting: for `process.on("exit")`, where nothing asynchronous runs. */
  stopNow(): void;
}

/** bin/svc-emulator.cjs of this package, found from this module upwards (the bundle in dist/ or the source under emulator/src/). */
export function commandPath(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const bin = join(dir, "bin", "svc-emulator.cjs");
    if (existsSync(bin)) return bin;
    if (dirname(dir) === dir) throw new Error(`svc-emulator: bin/svc-emulator.cjs not found above ${from}`);
  }
}

export function startEmulatorProcess(options: EmulatorProcessOptions = {}): Promise<EmulatorProcess> {
  const args = [commandPath(), "start", "--port", "0", "--in-memory", "--json", ...(options.args ?? [])];
  // An IPC channel: when this process ends, however it ends, the channel closes and the emulator stops (cli.ts).
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`svc-emulator ${why}${err ? `:\n${err}` : ""}`));
    };
    const timer = setTimeout(() => fail(`printed no ready line within ${timeoutMs / 1000} s`), timeoutMs);
    child.stderr!.setEncoding("utf8").on("data", (c: string) => (err += c));
    child.once("error", (e) => fail(`could not be started: ${e.message}`));
    child.once("exit", (code, signal) => fail(`exited (${code ?? signal}) before it was ready`));
    child.stdout!.setEncoding("utf8").on("data", (c: string) => {
      out += c;
      const end = out.indexOf("\n");
      if (end < 0) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      child.stdout!.removeAllListeners("data").resume();
      let ready: { url: string; port: number; consoleToken: string };
      try {
        ready = JSON.parse(out.slice(0, end));
      } catch {
        return fail(`printed a first line that is not JSON: ${out.slice(0, end)}`);
      }
      // The run's emulator must not keep the runner's process alive by itself; stop() ends it.
      child.unref();
      child.channel?.unref();
      (child.stdout as unknown as { unref?: () => void }).unref?.();
      (child.stderr as unknown as { unref?: () => void }).unref?.();
      resolve({ url: ready.url, port: ready.port, consoleToken: ready.consoleToken, stop: () => stopChild(child), stopNow: () => void child.kill("SIGTERM") });
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const late = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(late);
}
