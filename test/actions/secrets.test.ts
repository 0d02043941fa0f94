// No secret leaves the emulator in an event (issue 9 item 7; wire-facts 1.3: the product keeps a
// target's signing key encrypted in its event). With an execution for every event pointing at a
// local target, each kind of secret-bearing object is made through the API; neither the payloads
// delivered to the target, nor the recorded target calls, nor the control API's event log contain
// its secrets (searched in the raw JSON), and the emulator still works with them, also after the
// projections were rebuilt from the events.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import * as client from "openid-client";
import { allProjections } from "../../emulator/src/domain/projections.js";
import { request } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";
import { Browser } from "../helpers/browser.js";
import { startTargetServer } from "../helpers/target-server.js";
import { actionsSetup } from "./setup.js";

const { emu, instanceId, ctl } = await actionsSetup();
const pat = emu.adminPat;
const B = "/resources/v3alpha";
const server = await startTargetServer();
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:3000/callback";
const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");

const api = async (verb: string, path: string, json?: unknown, token = pat) => {
  const r = await request(`${emu.url}${path}`, { method: verb, token, ...(json === undefined ? {} : { json }) });
  assert.ok(r.status >= 200 && r.status < 300, `${verb} ${path}: ${r.status} ${r.text}`);
  return r.body as Record<string, unknown>;
};
const idOf = (body: Record<string, unknown>) => (body.details as { id: string }).id;
/** A secret the API answered: a string, or the test fails here rather than search for "undefined". */
const str = (v: unknown) => {
  assert.equal(typeof v, "string", `a secret in the answer: ${String(v)}`);
  return v as string;
};

/** Every event of the default instance in the control API's event log, as raw JSON. */
async function eventLog(): Promise<{ raw: string; events: { position: number; type: string; aggregateId: string; aggregateSequence: number }[] }> {
  const events: { position: number; type: string; aggregateId: string; aggregateSequence: number }[] = [];
  let raw = "";
  for (let after = 0; ; ) {
    const page = await ctl.as("events", `/events?instance_id=${instanceId}&limit=1000&after=${after}`);
    raw += page.text;
    const body = page.body;
    events.push(...body.events);
    if (body.nextAfter === null) return { raw, events };
    after = body.nextAfter;
  }
}

/** Waits until the watching target received every event logged so far; returns what it received. */
async function delivered(): Promise<string> {
  const { events } = await eventLog();
  const key = (aggregateId: unknown, type: unknown, seq: unknown) => `${String(aggregateId)}|${String(type)}|${String(seq)}`;
  const want = events.filter((e) => e.position > watchedFrom).map((e) => key(e.aggregateId, e.type, e.aggregateSequence));
  let missing = want;
  for (let i = 0; i < 300 && missing.length; i++) {
    const got = new Set(server.to("/watch").map((c) => key(c.body.aggregateID, c.body.event_type, c.body.sequence)));
    missing = want.filter((k) => !got.has(k));
    if (missing.length) await new Promise((r) => setTimeout(r, 10));
  }
  assert.deepEqual(missing, [], "every event reached the execution for all events");
  return server
    .to("/watch")
    .map((c) => c.raw)
    .join("\n");
}

/** Asserts that none of `secrets` is in a delivered payload, a recorded target call or the event log. */
async function assertNowhere(secrets: string[]): Promise<void> {
  const places = {
    "delivered payloads": await delivered(),
    "recorded target calls": (await ctl("/target-calls")).text,
    "control API event log": (await eventLog()).raw,
  };
  for (const secret of secrets) {
    assert.ok(secret.length >= 6, `a secret worth searching: ${secret}`);
    for (const [where, raw] of Object.entries(places)) assert.ok(!raw.includes(secret), `${where} contain the secret ${secret}`);
  }
}

const signatureValid = (header: string | undefined, key: string, raw: string) => {
  const parts = Object.fromEntries((header ?? "").split(",").map((kv) => kv.split("=") as [string, string]));
  return parts.v1 === createHmac("sha256", key).update(`${parts.t}.${raw}`).digest("hex");
};

// The watching target, and the execution for every event that calls it.
const watcher = await api("POST", `${B}/targets`, { name: "watcher", restWebhook: { url: server.url("/watch") }, timeout: "5s" });
await api("POST", `${B}/executions`, { condition: { event: { all: true } }, targets: [idOf(watcher)] });
const watchedFrom = (await eventLog()).events.at(-1)!.position - 1;
const projectId = (await eventLog()).events.find((e) => e.type === "project.added")!.aggregateId;

interface Row {
  name: string;
  /** Makes the object through the API; returns its secrets and a check that they still work. */
  make(): Promise<{ secrets: string[]; works(): Promise<void> }>;
}

const rows: Row[] = [
  {
    name: "a target's signing key",
    async make() {
      const created = await api("POST", `${B}/targets`, { name: "signed", restWebhook: { url: server.url("/signed") }, timeout: "5s" });
      const key = str(((await api("GET", `${B}/targets/${idOf(created)}`)).target as { signingKey: string }).signingKey);
      await api("POST", `${B}/executions`, { condition: { event: { event: "test.signed" } }, targets: [idOf(created)] });
      return {
        secrets: [key],
        async works() {
          const fired = (await ctl.as("fireEvent", "/fire-event", { method: "POST", json: { instance_id: instanceId, type: "test.signed" } })).body;
          assert.deepEqual(
            fired.calls.map((c) => c.status),
            [200],
          );
          const call = server.to("/signed").at(-1)!;
          assert.ok(signatureValid(call.headers["svc-signature"] as string, key, call.raw), "the target still signs with its key");
        },
      };
    },
  },
  {
    name: "an API app's client secret, created and regenerated",
    async make() {
      const created = await api("POST", `${B}/apps/api`, { projectId, name: "secret api", authMethodType: "API_AUTH_METHOD_TYPE_BASIC" });
      const first = str(created.clientSecret);
      const second = str((await api("POST", `${B}/apps/${idOf(created)}/_regenerate_client_secret`)).clientSecret);
      return {
        secrets: [first, second, digest(first), digest(second)],
        async works() {
          const introspect = (secret: string) =>
            request(`${emu.issuer}/oauth/v2/introspect`, {
              method: "POST",
              headers: {
                authorization: `Basic ${Buffer.from(`${String(created.clientId)}:${secret}`).toString("base64")}`,
                "content-type": "application/x-www-form-urlencoded",
              },
              body: "token=unknown",
            });
          assert.deepEqual((await introspect(second)).body, { active: false }, "the app secret still authenticates");
          assert.equal((await introspect(first)).status, 401);
        },
      };
    },
  },
  {
    name: "an OIDC app's client secret",
    async make() {
      const created = await api("POST", `${B}/apps/oidc`, {
        projectId,
        name: "secret web",
        redirectUris: [REDIRECT],
        authMethodType: "OIDC_AUTH_METHOD_TYPE_POST",
      });
      const secret = str(created.clientSecret);
      return { secrets: [secret, digest(secret)], async works() {} };
    },
  },
  {
    name: "a machine's secret and the access token it gets",
    async make() {
      const id = idOf(await api("POST", `${B}/users/machine`, { username: "secret-bot", name: "Bot" }));
      const secret = str((await api("POST", `${B}/users/${id}/_generate_secret`)).clientSecret);
      const cc = await client.discovery(new URL(emu.issuer), "secret-bot", secret, client.ClientSecretBasic(secret), insecure);
      const token = (await client.clientCredentialsGrant(cc, {})).access_token;
      return {
        secrets: [secret, digest(secret), token],
        async works() {
          assert.ok((await client.clientCredentialsGrant(cc, {})).access_token, "the machine secret still authenticates");
        },
      };
    },
  },
  {
    name: "a personal access token",
    async make() {
      const id = idOf(await api("POST", `${B}/users/machine`, { username: "pat-bot", name: "Bot" }));
      const token = str((await api("POST", `${B}/users/${id}/personal_access_tokens`, {})).token);
      return {
        secrets: [token],
        async works() {
          const r = await request(`${emu.url}${B}/targets/_search`, { method: "POST", token, json: [] });
          assert.equal(r.status, 403, "the token authenticates; the machine has no role");
        },
      };
    },
  },
  {
    name: "a device code",
    async make() {
      const form = (path: string, fields: Record<string, string>) =>
        fetch(`${emu.url}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
      const started = (await (await form("/oauth/v2/device_authorization", { client_id: "demo-browser", scope: "openid" })).json()) as { device_code: unknown };
      const deviceCode = str(started.device_code);
      return {
        secrets: [deviceCode],
        async works() {
          const r = await form("/oauth/v2/token", {
            grant_type: "urn:ietf:params:oauth:grant-type:device_code",
            client_id: "demo-browser",
            device_code: deviceCode,
          });
          assert.equal(((await r.json()) as { error: string }).error, "authorization_pending", "the device code is still known");
        },
      };
    },
  },
  {
    name: "an SMTP provider's password, set and changed",
    async make() {
      const id = idOf(
        await api("POST", `${B}/smtp_providers`, { senderAddress: "noreply@example.test", host: "127.0.0.1:1", user: "u", password: "smtp-password-1" }),
      );
      await api("PATCH", `${B}/smtp_providers/${id}`, { password: "smtp-password-2" });
      return { secrets: ["smtp-password-1", "smtp-password-2"], async works() {} };
    },
  },
  {
    name: "an SMS provider's Twilio token",
    async make() {
      await api("POST", `${B}/sms_providers`, { description: "twilio", twilio: { sid: "AC1", senderNumber: "+100", token: "twilio-token-1" } });
      return { secrets: ["twilio-token-1"], async works() {} };
    },
  },
  {
    name: "a human's password, changed, and the tokens, code and browser session of its sign-in",
    async make() {
      const id = idOf(
        await api("POST", `${B}/users/human`, {
          username: "secret-human",
          profile: { givenName: "S", familyName: "H" },
          email: { email: "s@example.test", isVerified: true },
          password: "First-Password-1",
        }),
      );
      await api("PATCH", `${B}/users/human/${id}`, { password: "Second-Password-2" });
      const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(app, {
        redirect_uri: REDIRECT,
        scope: "openid offline_access",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const browser = new Browser(emu.url);
      const done = await browser.submit(await browser.go(url.toString()), "login", { loginName: "secret-human", password: "Second-Password-2" });
      const code = new URL(done.url).searchParams.get("code")!;
      const tokens = await client.authorizationCodeGrant(app, new URL(done.url), { pkceCodeVerifier: verifier });
      // Refreshing rotates the tokens: each check goes on with the newest.
      let current = tokens;
      return {
        secrets: ["First-Password-1", "Second-Password-2", str(code), tokens.access_token, str(tokens.refresh_token), ...browser.cookies.values()],
        async works() {
          assert.equal((await client.fetchUserInfo(app, current.access_token, id)).sub, id, "the access token still works");
          current = await client.refreshTokenGrant(app, current.refresh_token!);
          assert.ok(current.access_token, "the refresh token still works");
        },
      };
    },
  },
];

/** The secrets the projections hold (digests, bcrypt hashes, private key parts, codes, token values): they never appear either. */
function storedSecrets(): string[] {
  const db = internals(emu).core.db;
  const column = (sql: string) => (db.stmt(sql).all() as { v: string | null }[]).map((r) => r.v).filter((v): v is string => !!v);
  const privateParts = column("SELECT private_jwk AS v FROM signing_keys").flatMap((j) =>
    Object.entries(JSON.parse(j) as Record<string, string>)
      .filter(([k]) => ["d", "p", "q", "dp", "dq", "qi"].includes(k))
      .map(([, v]) => v),
  );
  return [
    ...column("SELECT signing_key AS v FROM targets"),
    ...column("SELECT client_secret_hash AS v FROM apps"),
    ...column("SELECT password_hash AS v FROM users"),
    ...column("SELECT json_extract(data, '$.secretHash') AS v FROM users"),
    ...column("SELECT token AS v FROM personal_access_tokens"),
    ...column("SELECT code AS v FROM auth_requests"),
    ...column("SELECT user_agent_id AS v FROM login_sessions"),
    ...column("SELECT id AS v FROM tokens WHERE format = 'opaque'"),
    ...privateParts,
  ];
}

describe("secrets in events", () => {
  const checks: (() => Promise<void>)[] = [];
  for (const row of rows) {
    it(`keeps ${row.name} out of event payloads, and it still works`, async () => {
      const { secrets, works } = await row.make();
      await assertNowhere(secrets);
      await works();
      checks.push(works);
    });
  }

  it("keeps the secrets the projections hold, the seeded ones included, out of every payload and the event log", async () => {
    const stored = storedSecrets();
    assert.ok(stored.length > 20, `secrets found: ${stored.length}`);
    await assertNowhere([...stored, pat, digest("demo-api-secret"), digest("demo-worker-secret")]);
    assert.doesNotMatch((await eventLog()).raw, /\$2[aby]\$\d\d\$/, "no bcrypt hash in the event log");
  });

  it("rebuilds the projections from the events to the same rows, and the secrets still work", async () => {
    const db = internals(emu).core.db;
    const tables = ["targets", "apps", "users", "personal_access_tokens", "message_providers", "signing_keys", "auth_requests", "login_sessions", "tokens"];
    const snapshot = () => tables.map((t) => db.stmt(`SELECT * FROM ${t} ORDER BY 1, 2`).all());
    const before = snapshot();
    allProjections().rebuild(db, internals(emu).core.events.list({}));
    db.invalidateCache();
    assert.deepEqual(snapshot(), before);
    for (const works of checks) await works();
  });
});
