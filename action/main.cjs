// The action's main step: starts svc-emulator in the background (npx, or the `command` input), waits
// for its one-line ready JSON, and hands URL, issuer and tokens to the job (environment and outputs).
// The post step (post.cjs) stops it by the process group saved in the state.

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const gh = require("./github.cjs");

function startArgs() {
  const args = ["start", "--json", "--port", gh.input("port") || "8080"];
  if (gh.input("fixtures")) args.push("--fixtures", gh.input("fixtures"));
  const temp = process.env.RUNNER_TEMP || os.tmpdir();
  if (gh.input("in-memory") === "false") args.push("--data-dir", fs.mkdtempSync(path.join(temp, "svc-emulator-data-")));
  else args.push("--in-memory");
  if (gh.input("public-url")) args.push("--public-url", gh.input("public-url"));
  for (const name of gh
    .input("host-names")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean))
    args.push("--host-name", name);
  return args;
}

function readyLine(log, child, timeoutMs) {
  return new Promise((resolve, reject) => {
    const until = Date.now() + timeoutMs;
    let exited;
    child.once("exit", (code) => (exited = code));
    const poll = () => {
      const text = fs.readFileSync(log, "utf8");
      const line = text.split("\n").find((l) => l.startsWith("{"));
      if (line) return resolve(JSON.parse(line));
      if (exited !== undefined) return reject(new Error(`svc-emulator exited (${exited}) before it was ready:\n${text}`));
      if (Date.now() > until) return reject(new Error(`svc-emulator printed no ready line within ${timeoutMs / 1000} s:\n${text}`));
      setTimeout(poll, 100);
    };
    poll();
  });
}

async function main() {
  const command = gh.input("command");
  const [file, ...pre] = command ? command.split(/\s+/) : ["npx", "--yes", gh.input("package") || "svc-emulator"];
  const log = path.join(fs.mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), "svc-emulator-")), "svc-emulator.log");
  const out = fs.openSync(log, "a");
  // A process group of its own (detached), so that the post step ends npx and the emulator under it together.
  const child = spawn(file, [...pre, ...startArgs()], { detached: true, stdio: ["ignore", out, out] });
  gh.saveState("pid", String(child.pid));
  gh.saveState("log", log);
  const ready = await readyLine(log, child, Number(gh.input("timeout-seconds") || "60") * 1000);
  child.unref();
  gh.mask(ready.adminPat);
  gh.mask(ready.consoleToken);
  const values = { URL: ready.url, ISSUER: ready.issuer, ADMIN_PAT: ready.adminPat, CONSOLE_TOKEN: ready.consoleToken };
  for (const [name, value] of Object.entries(values)) {
    gh.exportVariable(`SVC_EMULATOR_${name}`, value);
    gh.setOutput(name.toLowerCase().replace("_", "-"), value);
  }
  process.stdout.write(`svc-emulator ready at ${ready.url} (issuer ${ready.issuer}); log: ${log}\n`);
}

main().catch((e) => gh.fail(e.message));
