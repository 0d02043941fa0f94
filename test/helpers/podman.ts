// podman for the container tests (issue 28): whether it can run here (else the reason to skip, never a
// pass), its commands, the image built by `npm run container`, a free host port, and podman's
// Docker-compatible API on a socket of its own for Docker clients (Testcontainers).
// .ci/run points CONTAINERS_CONF at .ci/containers.conf (the runtime and ulimits these machines need).

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const IMAGE = "localhost/svc-emulator:latest";

/** Why podman cannot run containers here, or undefined when it can. */
export function podmanUnavailable(): string | undefined {
  const version = spawnSync("podman", ["--version"], { encoding: "utf8" });
  if (version.error || version.status !== 0) return "podman is not installed (apt-get install podman runc mmdebstrap)";
  const info = spawnSync("podman", ["info", "--format", "{{.Host.OCIRuntime.Name}}"], { encoding: "utf8" });
  if (info.status !== 0) return `podman cannot run here: ${info.stderr.trim().split("\n").pop()}`;
  return undefined;
}

/** A podman command's stdout; throws with its stderr when it fails. */
export function podman(args: string[], input?: string): string {
  return execFileSync("podman", args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"], maxBuffer: 1 << 24 }).trim();
}

/** A podman command's exit code and output, whatever it is. */
export function podmanResult(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync("podman", args, { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

/** Builds the image as a user does (`npm run container`). */
export function buildImage(): void {
  execFileSync("npm", ["run", "container"], { cwd: ROOT, stdio: "inherit" });
}

/** A TCP port free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Waits until the container printed its ready line and answers; the line parsed. */
export async function waitReady(name: string, timeoutMs = 60_000): Promise<Record<string, string>> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const logs = podmanResult(["logs", name]);
    const line = logs.stdout.split("\n").find((l) => l.startsWith("{"));
    if (line) return JSON.parse(line) as Record<string, string>;
    const state = podmanResult(["inspect", name, "--format", "{{.State.Status}}"]).stdout;
    if (state === "exited") throw new Error(`container ${name} exited: ${logs.stdout}\n${logs.stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`container ${name} printed no ready line within ${timeoutMs} ms`);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a Docker API answers `GET /_ping` on the socket. */
function pings(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: "/_ping", timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
  });
}

/**
 * `podman system service` on a socket of its own (DOCKER_HOST=unix://<socket> for Docker clients), once it
 * answers; stop() ends it (SIGKILL after 5 s) and removes the socket.
 */
export async function startDockerApi(): Promise<{ socket: string; stop: () => Promise<void> }> {
  const socket = join(tmpdir(), `svc-emulator-podman-${process.pid}.sock`);
  rmSync(socket, { force: true });
  const child = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  let exited: number | null | undefined;
  const gone = new Promise<void>((resolve) =>
    child.on("exit", (code) => {
      exited = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited === undefined) child.kill("SIGTERM");
    if ((await Promise.race([gone.then(() => true), pause(5000).then(() => false)])) === false) {
      child.kill("SIGKILL");
      await gone;
    }
    rmSync(socket, { force: true });
  };
  for (let waited = 0; !(await pings(socket)); waited += 100) {
    if (exited !== undefined) throw new Error(`podman system service exited (${exited}) before it answered: ${stderr}`);
    if (waited >= 15_000) {
      await stop();
      throw new Error(`podman system service did not answer on ${socket} within 15 s: ${stderr}`);
    }
    await pause(100);
  }
  return { socket, stop };
}
