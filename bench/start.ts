// Start to ready: from spawning a process until its ready line, median of runs.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { summary } from "./stats.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** From spawning `command args` until its first output line; then SIGTERM (SIGKILL after 5 s). Default command: this Node. */
export function timeToFirstLine(args: string[], command = process.execPath, limitMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`${args.join(" ")}: no ready line in ${limitMs / 1000}s`))), limitMs);
    child.stdout.once("data", () => {
      const t = performance.now() - t0;
      clearTimeout(timer);
      // A process that does not exit within 5s of SIGTERM is killed; the run still counts.
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => (clearTimeout(killer), resolve(t)));
      child.kill("SIGTERM");
    });
  });
}

export async function startToReady(runs: number) {
  const emulator: number[] = [];
  const fastify: number[] = [];
  for (let i = 0; i < runs; i++) {
    emulator.push(await timeToFirstLine(["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"]));
    fastify.push(await timeToFirstLine(["bench/baseline-fastify.cjs"]));
  }
  return { emulator: summary(emulator), fastify: summary(fastify) };
}
