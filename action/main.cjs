// The action's main step: starts svc-emulator in the background (npx, the `command` input, or the
// container image of the `image` input), waits until it is ready, and hands URL, issuer and tokens to
// the job (environment and outputs). The post step (post.cjs) stops it with what the state records.

const gh = require("./github.cjs");
const npx = require("./npx-mode.cjs");
const image = require("./image-mode.cjs");

async function main() {
  const timeoutMs = Number(gh.input("timeout-seconds") || "60") * 1000;
  const ready = gh.input("image") ? await image.start(timeoutMs) : await npx.start(timeoutMs);
  gh.mask(ready.adminPat);
  gh.mask(ready.consoleToken);
  const values = { URL: ready.url, ISSUER: ready.issuer, ADMIN_PAT: ready.adminPat, CONSOLE_TOKEN: ready.consoleToken };
  for (const [name, value] of Object.entries(values)) {
    gh.exportVariable(`SVC_EMULATOR_${name}`, value);
    gh.setOutput(name.toLowerCase().replace("_", "-"), value);
  }
  process.stdout.write(`svc-emulator ready at ${ready.url} (issuer ${ready.issuer}); ${ready.where}\n`);
}

main().catch((e) => gh.fail(e.message));
