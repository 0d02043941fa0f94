// The action's post step: stops what the main step started, as its state records: the container of
// the image mode (stopped, then removed with its volume), or the process group of the npx mode
// (SIGTERM, SIGKILL after 5 s, waiting until it is gone, which frees its port); then prints its log.

const gh = require("./github.cjs");
const npx = require("./npx-mode.cjs");
const image = require("./image-mode.cjs");

async function post() {
  if (gh.state("container")) return image.stop(gh.state("engine"), gh.state("container"));
  const pid = Number(gh.state("pid"));
  if (!pid) return process.stdout.write("svc-emulator: nothing to stop\n");
  await npx.stop(pid, gh.state("log"));
}

post().catch((e) => gh.fail(e.message));
