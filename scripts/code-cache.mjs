// The command's V8 code cache (dist/cli.cjs.cache, read by bin/load-bundle.cjs): made by one run of the
// built command (in memory, seeded) that first serves the requests a client makes first after ready, so
// the cache holds the functions compiled up to ready and those of the hot paths: discovery, the key set,
// one resource API request, an opaque and a JWT client_credentials token (the first JWT also adds the
// instance's signing key), introspection of an active token, userinfo and revocation (of an unknown
// token). Without them a normal start's first request of each kind compiled its code (issue 15: the
// first token costs no more than a later one). The run then gets SIGTERM and load-bundle.cjs writes the
// data; on Windows, where a signal ends a process at once, it writes at the ready line and the requests
// are not made. Measured (bench/HISTORY.md, round 6): the cache 1.40 -> 1.90 MB, spawn to ready about 3 ms
// more, the first JWT after ready about 1.5 ms less.

import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CACHE = "dist/cli.cjs.cache";
const FORM = "application/x-www-form-urlencoded";
const basic = (id, secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** The default fixtures plus a machine user with JWT access tokens, in a temporary file. */
function fixturesWithJwtUser() {
  const fixtures = JSON.parse(readFileSync("fixtures/default.json", "utf8"));
  fixtures.instances[0].orgs[0].users.push({
    type: "machine",
    username: "code-cache-jwt",
    name: "Code cache JWT",
    accessTokenType: "jwt",
    clientSecret: "code-cache-jwt-secret",
  });
  const file = join(tmpdir(), `svc-emulator-code-cache-fixtures-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(fixtures));
  return file;
}

/** The hot paths, each once; a failed request is reported (the cache then lacks some of its code) and the rest go on. */
async function warmUp({ url, adminPat }) {
  const failed = [];
  const call = async (name, path, init = {}) => {
    const res = await fetch(`${url}${path}`, init);
    const body = await res.text();
    if (res.status !== 200) failed.push(`${name} ${res.status}`);
    return body;
  };
  const form = (authorization, body) => ({ method: "POST", headers: { "content-type": FORM, authorization }, body });
  const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });
  await call("discovery", "/.well-known/openid-configuration");
  await call("key set", "/oauth/v2/keys");
  // The resource API request, which also names the seeded project (for a token that project's API may introspect).
  const search = { method: "POST", headers: { authorization: `Bearer ${adminPat}` }, body: "[]" };
  const projects = JSON.parse(await call("resource API", "/resources/v3alpha/projects/_search", search));
  const audience = encodeURIComponent(`openid profile urn:svc:iam:org:project:id:${projects.result?.[0]?.details?.id}:aud`);
  const worker = basic("demo-worker", "demo-worker-secret");
  const opaque = JSON.parse(await call("opaque token", "/oauth/v2/token", form(worker, `grant_type=client_credentials&scope=${audience}`)));
  await call("JWT token", "/oauth/v2/token", form(basic("code-cache-jwt", "code-cache-jwt-secret"), "grant_type=client_credentials&scope=openid%20profile"));
  const api = basic("demo-api", "demo-api-secret");
  const introspected = JSON.parse(await call("introspection", "/oauth/v2/introspect", form(api, `token=${opaque.access_token}`)));
  if (introspected.active !== true) failed.push("introspection (token not active)");
  await call("userinfo", "/oidc/v1/userinfo", bearer(opaque.access_token));
  // A machine user is no client of the revocation endpoint, and a client may revoke only its own tokens: an unknown one is fine (200).
  await call("revocation", "/oauth/v2/revoke", form(api, "token=unknown"));
  return failed;
}

/** Writes the cache; without it (a warning) the command still starts, compiling as it goes. */
export async function writeCodeCache() {
  rmSync(CACHE, { force: true });
  const fixtures = fixturesWithJwtUser();
  try {
    const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--in-memory", "--port", "0", "--json", "--fixtures", fixtures], {
      // The build leaves the user's stock of signing keys alone (key-stock.ts): its one JWT waits for the pair it makes.
      env: { ...process.env, SVC_EMULATOR_WRITE_CODE_CACHE: "1", SVC_EMULATOR_KEY_STOCK: "off" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const line = await new Promise((resolve) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(out.split("\n")[0]);
      });
      child.stdout.on("end", () => resolve(undefined));
    });
    if (line && process.platform !== "win32") {
      const failed = await warmUp(JSON.parse(line)).catch((e) => [String(e)]);
      if (failed.length) console.warn(`build: the code cache's run failed on ${failed.join(", ")} (the cache lacks that code)`);
    }
    child.kill("SIGTERM");
    const code = await exited;
    if (code !== 0 || !existsSync(CACHE)) console.warn("build: no code cache for dist/cli.cjs (the command starts without it)");
  } finally {
    rmSync(fixtures, { force: true });
  }
}
