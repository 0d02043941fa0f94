// The action's image mode (the `image` input): the container image run in the background with docker
// or podman, its port 8080 published on the runner's loopback, the fixture file mounted read-only;
// ready once it printed its ready line and answers through the published port. The post step stops
// and removes the container with its volume.

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const gh = require("./github.cjs");
const { waitForReadyLine } = require("./ready.cjs");

const FIXTURES_IN_CONTAINER = "/etc/svc-emulator/fixtures.json";

/** An engine command's output; throws with its stderr when it fails. */
function engineRun(engine, args) {
  const r = spawnSync(engine, args, { encoding: "utf8" });
  if (r.error) throw new Error(`${engine} ${args[0]}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${engine} ${args.join(" ")} failed (exit ${r.status}): ${r.stderr.trim()}`);
  return r.stdout.trim();
}

const onPath = (cmd) => spawnSync(cmd, ["--version"], { stdio: "ignore" }).status === 0;

function engineOf() {
  const given = gh.input("engine");
  if (given) return given;
  const found = ["docker", "podman"].find(onPath);
  if (!found) throw new Error("image mode needs docker or podman on the runner (or the `engine` input)");
  return found;
}

/** The `run` arguments from the inputs, each checked before anything starts. */
function runArgs(name) {
  const port = gh.input("port") || "8080";
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error(`port must be a number from 0 to 65535, not ${port}`);
  // Port 0: the engine picks a free host port.
  const args = ["run", "-d", "--name", name, "-p", port === "0" ? "127.0.0.1::8080" : `127.0.0.1:${port}:8080`];
  if (gh.input("in-memory") !== "false") args.push("-e", "SVC_EMULATOR_IN_MEMORY=1");
  if (gh.input("public-url")) args.push("-e", `SVC_EMULATOR_PUBLIC_URL=${gh.input("public-url")}`);
  const names = gh.listInput("host-names");
  if (names.length) args.push("-e", `SVC_EMULATOR_HOST_NAMES=${names.join(",")}`);
  if (gh.input("fixtures")) {
    const file = path.resolve(gh.input("fixtures"));
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`fixtures: no such file: ${file}`);
    args.push("-v", `${file}:${FIXTURES_IN_CONTAINER}:ro`, "-e", `SVC_EMULATOR_FIXTURES=${FIXTURES_IN_CONTAINER}`);
  }
  return [...args, gh.input("image"), "start", "--json"];
}

/** Polls until the published port answers the ready endpoint (bounded by `until`). */
async function answering(url, until) {
  for (;;) {
    try {
      if ((await fetch(`${url}/emulator/v1/ready`)).status === 200) return;
    } catch {
      // not yet published
    }
    if (Date.now() > until) throw new Error(`svc-emulator does not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the image; its URL, issuer and tokens once it is ready. */
async function start(timeoutMs) {
  const until = Date.now() + timeoutMs;
  const engine = engineOf();
  const name = `svc-emulator-${process.pid}-${Date.now().toString(36)}`;
  const args = runArgs(name);
  gh.saveState("engine", engine);
  gh.saveState("container", name);
  engineRun(engine, args);
  const logs = () => {
    const r = spawnSync(engine, ["logs", name], { encoding: "utf8" });
    return `${r.stdout ?? ""}${r.stderr ?? ""}`;
  };
  const exited = () => {
    const [status, code] = engineRun(engine, ["inspect", name, "--format", "{{.State.Status}} {{.State.ExitCode}}"]).split(" ");
    return status === "exited" ? Number(code) : undefined;
  };
  const ready = await waitForReadyLine({ read: logs, exited, timeoutMs, intervalMs: 200 });
  const hostPort = engineRun(engine, ["port", name, "8080/tcp"]).split("\n")[0].split(":").pop();
  const url = `http://localhost:${hostPort}`;
  await answering(url, until);
  return { url, issuer: gh.input("public-url") || url, adminPat: ready.adminPat, consoleToken: ready.consoleToken, where: `container: ${name}` };
}

/** Stops the container (SIGTERM, SIGKILL after 5 s), prints its log, and removes it with its volume. */
function stop(engine, name) {
  spawnSync(engine, ["stop", "-t", "5", name], { stdio: "ignore" });
  const log = spawnSync(engine, ["logs", name], { encoding: "utf8" });
  engineRun(engine, ["rm", "-f", "-v", name]);
  process.stdout.write(`svc-emulator stopped and removed (${name}); its log:\n${log.stdout ?? ""}${log.stderr ?? ""}`);
}

module.exports = { start, stop };
