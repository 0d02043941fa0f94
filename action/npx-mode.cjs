// The action's default mode: `npx svc-emulator` (or the `command` input) started in the background in a
// process group of its own, its output in a log file; stopped by the post step through that group.

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const gh = require("./github.cjs");
const { waitForReadyLine } = require("./ready.cjs");

function startArgs() {
  const args = ["start", "--json", "--port", gh.input("port") || "8080"];
  if (gh.input("fixtures")) args.push("--fixtures", gh.input("fixtures"));
  const temp = process.env.RUNNER_TEMP || os.tmpdir();
  if (gh.input("in-memory") === "false") args.push("--data-dir", fs.mkdtempSync(path.join(temp, "svc-emulator-data-")));
  else args.push("--in-memory");
  if (gh.input("public-url")) args.push("--public-url", gh.input("public-url"));
  for (const name of gh.listInput("host-names")) args.push("--host-name", name);
  return args;
}

/** Starts the emulator; its URL, issuer and tokens once it printed its ready line. */
async function start(timeoutMs) {
  const command = gh.input("command");
  const [file, ...pre] = command ? command.split(/\s+/) : ["npx", "--yes", gh.input("package") || "svc-emulator"];
  const log = path.join(fs.mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), "svc-emulator-")), "svc-emulator.log");
  const out = fs.openSync(log, "a");
  // A process group of its own (detached), so that the post step ends npx and the emulator under it together.
  const child = spawn(file, [...pre, ...startArgs()], { detached: true, stdio: ["ignore", out, out] });
  gh.saveState("pid", String(child.pid));
  gh.saveState("log", log);
  let exitCode;
  child.once("exit", (code) => (exitCode = code));
  const ready = await waitForReadyLine({ read: () => fs.readFileSync(log, "utf8"), exited: () => exitCode, timeoutMs });
  child.unref();
  return { url: ready.url, issuer: ready.issuer, adminPat: ready.adminPat, consoleToken: ready.consoleToken, where: `log: ${log}` };
}

const alive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the process group, SIGKILL after 5 s; waits until it is gone (the port is free), then prints the log. */
async function stop(pid, log) {
  if (alive(pid)) process.kill(-pid, "SIGTERM");
  for (let waited = 0; alive(pid) && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(-pid, "SIGKILL");
  if (log && fs.existsSync(log)) process.stdout.write(`svc-emulator stopped; its log:\n${fs.readFileSync(log, "utf8")}`);
}

module.exports = { start, stop };
