// Hostile fault definitions (issue 29): structured definitions whose every field may be wrong (an
// unknown endpoint, method or service, a code the surface lacks, times ≤ 0, wrong types, hostile
// strings) and raw bodies. Each case: no 5xx; a refusal is 400 naming its field; a refusal stores
// nothing, an acceptance stores exactly one fault (removed again); the server stays healthy.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { startTestEmulator } from "../helpers/emulator.js";
import { assertAlive, assertNot5xx, bodyText, fuzzParams, hostileJson, hostileString, rawBody } from "./fuzz-kit.js";

const emu = await startTestEmulator();
const auth = { authorization: `Bearer ${emu.consoleToken}` };

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
const anyValue = fc.oneof(hostileString, hostileJson, fc.integer({ min: -5, max: 20 }), fc.constant(true));
const where = fc.record(
  {
    endpoint: maybe(fc.oneof(fc.constantFrom("token", "jwks", "userinfo", "login", "authorize", "tokens", ""), anyValue)),
    grantType: maybe(fc.oneof(fc.constantFrom("client_credentials", "password"), anyValue)),
    method: maybe(fc.oneof(fc.constantFrom("/svc.resources.user.v3alpha.SvcUsers/GetUser", "svc.resources.user.v3alpha.SvcUsers/GetUser", "/x.Y/Z"), anyValue)),
    service: maybe(fc.oneof(fc.constantFrom("svc.resources.user.v3alpha.SvcUsers", "svc.admin.v1.AdminService", "nope"), anyValue)),
    admin: maybe(fc.oneof(fc.constant(true), anyValue)),
    clientId: maybe(fc.oneof(fc.constant("demo-worker"), anyValue)),
    userId: maybe(fc.oneof(fc.constant("1"), anyValue)),
    extra: maybe(anyValue),
  },
  { requiredKeys: [] },
);
const what = fc.record(
  {
    kind: fc.oneof(fc.constantFrom("oauthError", "rpcError", "http", "delay", "drop", "truncate", "expiredToken", "tokenExpiresIn", "boom"), anyValue),
    error: maybe(fc.oneof(fc.constantFrom("invalid_grant", "access_denied", "teapot"), anyValue)),
    code: maybe(fc.oneof(fc.constantFrom(14, 4, 0, 17, "UNAVAILABLE", "nope"), anyValue)),
    status: maybe(fc.oneof(fc.integer({ min: 0, max: 700 }), anyValue)),
    body: maybe(anyValue),
    ms: maybe(fc.oneof(fc.integer({ min: -1, max: 2 }), anyValue)),
    seconds: maybe(fc.oneof(fc.integer({ min: -1, max: 100 }), anyValue)),
    retryAfter: maybe(fc.oneof(fc.integer({ min: -1, max: 100 }), anyValue)),
  },
  { requiredKeys: [] },
);
const valid = fc
  .record({
    where: fc.constantFrom(
      { endpoint: "token", grantType: "client_credentials", clientId: "demo-worker" },
      { endpoint: "login" },
      { method: "svc.resources.user.v3alpha.SvcUsers/GetUser", userId: "1" },
      { service: "svc.resources.user.v3alpha.SvcUsers" },
      { admin: true },
    ),
    times: maybe(fc.integer({ min: 1, max: 1000 })),
    for: maybe(fc.constantFrom("30s", "1h30m", "250ms")),
  })
  .chain((d) =>
    fc.record({
      where: fc.constant(d.where),
      what:
        "endpoint" in d.where
          ? fc.oneof(
              fc.record({
                kind: fc.constant("oauthError"),
                error: fc.constantFrom("invalid_grant", "access_denied", "temporarily_unavailable"),
                status: maybe(fc.integer({ min: 400, max: 599 })),
              }),
              fc.record({ kind: fc.constant("http"), status: fc.integer({ min: 200, max: 599 }), body: hostileString }),
              fc.constant({ kind: "drop" }),
            )
          : fc.oneof(
              fc.record({ kind: fc.constant("rpcError"), code: fc.integer({ min: 1, max: 16 }), message: maybe(fc.string({ minLength: 1, maxLength: 50 })) }),
              fc.record({ kind: fc.constant("delay"), ms: fc.integer({ min: 1, max: 10 }) }),
            ),
      ...(d.times === undefined ? {} : { times: fc.constant(d.times) }),
      ...(d.for === undefined ? {} : { for: fc.constant(d.for) }),
    }),
  );
const hostile = fc.record(
  {
    instanceId: maybe(fc.oneof(fc.constant("404"), anyValue)),
    where: fc.oneof({ weight: 4, arbitrary: where }, { weight: 1, arbitrary: anyValue }),
    what: fc.oneof({ weight: 4, arbitrary: what }, { weight: 1, arbitrary: anyValue }),
    times: maybe(fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double(), anyValue)),
    for: maybe(fc.oneof(fc.constantFrom("30s", "0s", "soon", "1h30m"), anyValue)),
  },
  { requiredKeys: [] },
);
const definition = fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: hostile });

const stored = async () => ((await (await fetch(`${emu.url}/emulator/v1/faults`, { headers: auth })).json()) as { faults: { id: string }[] }).faults;

let cases = 0;
let accepted = 0;
after(() => console.log(`fuzz faults: ${cases} cases, ${accepted} accepted`));

async function post(body: Buffer | string, type = "application/json") {
  const res = await fetch(`${emu.url}/emulator/v1/faults`, { method: "POST", headers: { ...auth, "content-type": type }, body: body as BodyInit });
  return { status: res.status, text: await res.text() };
}

async function check(r: { status: number; text: string }, what: string): Promise<void> {
  assertNot5xx(r.status, what, r.text);
  const now = await stored();
  if (r.status === 201) {
    accepted++;
    const { fault } = JSON.parse(r.text) as { fault: { id: string } };
    assert.deepEqual(
      now.map((f) => f.id),
      [fault.id],
    );
    const removed = await fetch(`${emu.url}/emulator/v1/faults/${fault.id}`, { method: "DELETE", headers: auth });
    assert.equal(removed.status, 200);
    return;
  }
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(now, [], `a refusal stored a fault: ${r.text}`);
  const body = JSON.parse(r.text) as { code: number; message: string; field?: string };
  assert.equal(body.code, 3, r.text);
  if (body.field !== undefined) assert.ok(body.message.startsWith(`${body.field}: `), r.text);
}

describe("fault definitions under hostile input", () => {
  it("structured definitions", async () => {
    await fc.assert(
      fc.asyncProperty(definition, async (def) => {
        cases++;
        await check(await post(JSON.stringify(def)), JSON.stringify(def).slice(0, 300));
      }),
      fuzzParams("faults: definitions", 400),
    );
    await assertAlive(emu);
  });

  it("raw bodies", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, fc.constantFrom("application/json", "text/plain"), async (body, type) => {
        cases++;
        await check(await post(bodyText(body), type), "raw body");
      }),
      fuzzParams("faults: raw bodies", 150),
    );
    await assertAlive(emu);
  });
});
