// The Testcontainers module (`svc-emulator/testcontainers`, issue 28), imported by its package name as a
// user does (the built dist/testcontainers.cjs) and run against the image through podman's
// Docker-compatible API: start with fixtures; discovery at the mapped port names the issuer its tokens
// carry; a client-credentials token of a seeded machine; reset() clears a write; network aliases are
// admitted as host names; bad fixtures fail start() at once with the emulator's message and leave no
// container; stop() removes the container and its volume. Testcontainers' reaper (Ryuk) needs an image
// from a registry, so it is off and the tests clean up themselves. Skipped, with the reason, where podman
// cannot run. Slow: `npm run test:container`, the container step of .ci/run.

import "../helpers/key-stock-env.js";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { lookup } from "node:dns/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { Network, type StartedNetwork } from "testcontainers";
import { SvcEmulatorContainer, type StartedSvcEmulatorContainer } from "svc-emulator/testcontainers";
import { requestWithHost } from "../helpers/emulator.js";
import { withJwtMachine } from "../helpers/fixtures.js";
import { buildImage, IMAGE, podman, podmanResult, podmanUnavailable, startDockerApi } from "../helpers/podman.js";

// This machine's own name when it resolves to loopback: the emulator does not admit it by itself (as it
// does not a remote runtime's name), so reaching the runtime by it shows the module listing that name.
const ownName = hostname().toLowerCase();
const OWN_NAME =
  /^[a-z0-9-]+$/.test(ownName) && ownName !== "localhost" && (await lookup(ownName).catch(() => undefined))?.address.startsWith("127.") ? ownName : undefined;
const RUNTIME_HOST = OWN_NAME ?? "localhost";
const skip = podmanUnavailable();
const LABEL = "svc-emulator-test";
const run = `testcontainers-${process.pid}`;
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-testcontainers-"));
const FIXTURES = join(tmp, "fixtures.json");
const BAD_FIXTURES = join(tmp, "bad-fixtures.json");
const basic = `Basic ${Buffer.from("ci-worker:ci-worker-secret").toString("base64")}`;
const target = { name: "written-in-a-test", restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s", interruptOnError: true };

after(() => rmSync(tmp, { recursive: true, force: true }));

let dockerApi: Awaited<ReturnType<typeof startDockerApi>> | undefined;
let network: StartedNetwork | undefined;
let emu: StartedSvcEmulatorContainer | undefined;

/** Containers of this run still known to podman (running or not). */
const containersOfThisRun = () => podman(["ps", "-a", "-q", "--filter", `label=${LABEL}=${run}`]);

async function targetNames(): Promise<string[]> {
  const res = await fetch(`${emu!.url}/resources/v3alpha/targets/_search`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu!.adminPat}`, "content-type": "application/json" },
    body: "[]",
  });
  assert.equal(res.status, 200);
  // An empty list is left out of the answer (proto3 JSON).
  return (((await res.json()) as { result?: { target: { name: string } }[] }).result ?? []).map((r) => r.target.name);
}

describe("svc-emulator/testcontainers", { skip }, () => {
  before(async () => {
    buildImage();
    writeFileSync(FIXTURES, JSON.stringify(withJwtMachine("ci-worker")));
    writeFileSync(BAD_FIXTURES, JSON.stringify({ instances: [{ orgs: [] }] }));
    dockerApi = await startDockerApi();
    process.env.DOCKER_HOST = `unix://${dockerApi.socket}`;
    process.env.TESTCONTAINERS_RYUK_DISABLED = "true";
    // Where the runtime's published ports are reached from here (this machine has /.dockerenv, where
    // Testcontainers would otherwise use the bridge's gateway).
    process.env.TESTCONTAINERS_HOST_OVERRIDE = RUNTIME_HOST;
    network = await new Network().start();
    emu = await new SvcEmulatorContainer(IMAGE)
      .withFixtures(FIXTURES)
      .withNetwork(network)
      .withNetworkAliases("svc-emulator")
      .withEnvironment({ SVC_EMULATOR_HOST_NAMES: "named-in-env" })
      .withLabels({ [LABEL]: run })
      .start();
  });
  after(async () => {
    await emu?.stop().catch(() => undefined);
    await network?.stop().catch(() => undefined);
    if (!skip) for (const id of containersOfThisRun().split("\n").filter(Boolean)) podmanResult(["rm", "-f", "-v", "-t", "0", id]);
    await dockerApi?.stop();
  });

  it("starts with fixtures and hands over url, issuer and tokens; discovery at the mapped port names the issuer its tokens carry", async () => {
    const e = emu!;
    assert.equal(e.url, `http://${RUNTIME_HOST}:${e.getMappedPort(8080)}`);
    assert.equal(e.issuer, e.url);
    const d = (await (await fetch(`${e.url}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    assert.deepEqual([d.issuer, d.token_endpoint], [e.issuer, `${e.url}/oauth/v2/token`]);
    // The machine user of the fixture file, by its client credentials.
    const res = await fetch(d.token_endpoint!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
      body: "grant_type=client_credentials&scope=openid",
    });
    assert.equal(res.status, 200);
    const jwt = ((await res.json()) as { access_token: string }).access_token;
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { iss: string };
    assert.equal(claims.iss, e.issuer);
    // The tokens: the admin PAT reads the resource API, the console token the control API.
    assert.deepEqual(await targetNames(), []);
    const ctl = await fetch(`${e.url}/emulator/v1/snapshots`, { headers: { authorization: `Bearer ${e.consoleToken}` } });
    assert.equal(ctl.status, 200);
  });

  it("reset() clears a write", async () => {
    const e = emu!;
    const created = await fetch(`${e.url}/resources/v3alpha/targets`, {
      method: "POST",
      headers: { authorization: `Bearer ${e.adminPat}`, "content-type": "application/json" },
      body: JSON.stringify(target),
    });
    assert.equal(created.status, 201, await created.text());
    assert.deepEqual(await targetNames(), [target.name]);
    await e.reset();
    assert.deepEqual(await targetNames(), []);
    // The seeded machine still gets tokens after the reset.
    const res = await fetch(`${e.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
      body: "grant_type=client_credentials",
    });
    assert.equal(res.status, 200);
  });

  it("admits its network aliases as host names, with those named in its environment, and no other name", async () => {
    const port = emu!.getMappedPort(8080);
    const listed = await requestWithHost(port, "/.well-known/openid-configuration", "svc-emulator:8080");
    assert.equal(listed.status, 200, listed.text);
    assert.equal((JSON.parse(listed.text) as { issuer: string }).issuer, "http://svc-emulator:8080");
    const fromEnvironment = await requestWithHost(port, "/.well-known/openid-configuration", "named-in-env:8080");
    assert.equal(fromEnvironment.status, 200, fromEnvironment.text);
    const unlisted = await requestWithHost(port, "/.well-known/openid-configuration", "unlisted-name:8080");
    assert.equal(unlisted.status, 403);
  });

  it("admits the name the runtime's ports are reached by, as a remote runtime's", {
    skip: OWN_NAME ? undefined : `this machine's name (${ownName}) does not resolve to loopback`,
  }, async () => {
    const port = emu!.getMappedPort(8080);
    const res = await requestWithHost(port, "/.well-known/openid-configuration", `${OWN_NAME}:${port}`);
    assert.equal(res.status, 200, res.text);
    assert.equal((JSON.parse(res.text) as { issuer: string }).issuer, emu!.issuer);
  });

  it("fails start() at once with the emulator's message when it refuses the fixtures, leaving no container", async () => {
    assert.throws(() => new SvcEmulatorContainer(IMAGE).withFixtures(join(tmp, "missing.json")), /ENOENT: no such file or directory.*missing\.json/);
    const began = Date.now();
    await assert.rejects(
      new SvcEmulatorContainer(IMAGE)
        .withFixtures(BAD_FIXTURES)
        .withLabels({ [LABEL]: `${run}-bad` })
        .start(),
      (e: Error) => {
        assert.match(e.message, /^Container exited during HTTP healthCheck/);
        assert.match(e.message, /svc-emulator: \/etc\/svc-emulator\/fixtures\.json: \/instances\/0\/name: Expected required property/);
        return true;
      },
    );
    assert.ok(Date.now() - began < 30_000, "not the 60 s startup timeout");
    assert.equal(podman(["ps", "-a", "-q", "--filter", `label=${LABEL}=${run}-bad`]), "");
  });

  it("stop() removes the container and its volume", async () => {
    const e = emu!;
    const mounts = JSON.parse(podman(["inspect", e.getId()]))[0].Mounts as { Type: string; Name: string; Destination: string }[];
    const data = mounts.find((m) => m.Destination === "/data");
    assert.ok(data?.Name, "the image's /data volume");
    await e.stop();
    emu = undefined;
    assert.equal(podmanResult(["container", "exists", e.getId()]).code, 1);
    assert.equal(podmanResult(["volume", "exists", data.Name]).code, 1);
    assert.equal(containersOfThisRun(), "");
  });
});
