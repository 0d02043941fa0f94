// The action's post step: stops the emulator the main step started (SIGTERM to its process group, then
// SIGKILL after 5 s) and waits until it is gone, which frees its port; then prints its log.

const fs = require("node:fs");
const gh = require("./github.cjs");

const alive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function post() {
  const pid = Number(gh.state("pid"));
  if (!pid) return process.stdout.write("svc-emulator: nothing to stop\n");
  if (alive(pid)) process.kill(-pid, "SIGTERM");
  for (let waited = 0; alive(pid) && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(-pid, "SIGKILL");
  const log = gh.state("log");
  if (log && fs.existsSync(log)) process.stdout.write(`svc-emulator stopped; its log:\n${fs.readFileSync(log, "utf8")}`);
}

post().catch((e) => gh.fail(e.message));
