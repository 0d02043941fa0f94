// The container image (issue 28): its size, and start to ready in a container (`podman run` until the
// ready line) against the same command started without one. Needs podman and the image (`npm run
// container`; CONTAINERS_CONF=.ci/containers.conf on these machines); otherwise answers why not.

import { spawnSync } from "node:child_process";
import { timeToFirstLine } from "./start.js";
import { summary } from "./stats.js";

const IMAGE = "localhost/svc-emulator:latest";

export async function containerFigures(runs: number) {
  const inspect = spawnSync("podman", ["image", "inspect", IMAGE, "--format", "{{.Size}}"], { encoding: "utf8" });
  if (inspect.error || inspect.status !== 0) return { skipped: `no podman or no image ${IMAGE}: ${inspect.stderr?.trim() ?? inspect.error?.message}` };
  const base = spawnSync("podman", ["image", "inspect", "localhost/svc-emulator-base:trixie", "--format", "{{.Size}}"], { encoding: "utf8" });
  const inContainer: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Attached: podman passes the SIGTERM that ends each run on to the emulator.
    inContainer.push(await timeToFirstLine(["run", "--rm", IMAGE, "start", "--json", "--in-memory"], "podman", 60_000));
    plain.push(await timeToFirstLine(["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"]));
  }
  return {
    imageBytes: Number(inspect.stdout.trim()),
    baseBytes: base.status === 0 ? Number(base.stdout.trim()) : undefined,
    inContainer: summary(inContainer),
    withoutContainer: summary(plain),
  };
}
