// Hostile bodies, path variables and query strings on every control API route that reads input
// (routes that only reset or replace the whole store are left out: their success is the point), and
// mutated export documents for the import engine (/orgs/_validate, /orgs/_import, /orgs/_diff): wrong
// types, huge and deep values, invalid UTF-8, duplicates, boundary lengths. Each case: no 5xx, a
// {code, message} body on refusal, nothing stored on refusal or on an import that reports errors
// atomically, the server still healthy; at the end a full dump shows validation wrote nothing.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { startTestEmulator } from "../helpers/emulator.js";
import {
  type Body,
  assertAlive,
  assertNot5xx,
  assertUnchanged,
  bodyText,
  deepJson,
  fullDump,
  fuzzParams,
  hostileJson,
  getAt,
  hostileString,
  invalidUtf8,
  type Json,
  paths,
  rawBody,
  setAt,
  spliceBytes,
  storeState,
} from "./fuzz-kit.js";

const emu = await startTestEmulator();
const encodeBytes = (b: Buffer) => [...b].map((x) => `%${x.toString(16).padStart(2, "0")}`).join("");

/** Control routes that read a body, a path variable or a query (control/*-routes.ts). */
const ROUTES: { method: string; path: string; fields: string[] }[] = [
  { method: "POST", path: "/buckets", fields: ["name"] },
  { method: "GET", path: "/buckets/{v}/objects", fields: ["prefix", "pageToken"] },
  { method: "POST", path: "/clock/_freeze", fields: ["at", "time"] },
  { method: "POST", path: "/clock/_advance", fields: ["by", "seconds", "duration"] },
  { method: "PATCH", path: "/instances/{v}/features", fields: ["features", "actions", "userSchema"] },
  { method: "GET", path: "/instances/{v}/keys", fields: [] },
  { method: "POST", path: "/jobs", fields: ["kind", "document", "instanceId", "orgIds", "bucket"] },
  { method: "GET", path: "/jobs", fields: ["instanceId", "state"] },
  { method: "GET", path: "/jobs/{v}", fields: [] },
  { method: "POST", path: "/jobs/{v}/_cancel", fields: [] },
  { method: "PUT", path: "/sinks/{v}", fields: ["status", "delayMs", "body", "headers"] },
  { method: "POST", path: "/snapshots", fields: ["name"] },
  { method: "DELETE", path: "/snapshots/{v}", fields: [] },
  { method: "POST", path: "/target-calls/{v}/_replay", fields: [] },
  { method: "POST", path: "/fire-event", fields: ["type", "aggregateId", "instanceId", "payload"] },
  { method: "POST", path: "/tokens/{v}/_revoke", fields: [] },
  { method: "POST", path: "/tokens/_introspect", fields: ["token", "instanceId"] },
  { method: "POST", path: "/tokens/_userinfo", fields: ["token", "instanceId"] },
  {
    method: "POST",
    path: "/flows",
    fields: ["flow", "instanceId", "appId", "clientId", "clientSecret", "userId", "scope", "refreshToken", "subjectToken", "subjectTokenType"],
  },
  { method: "POST", path: "/sessions/{v}/_terminate", fields: ["instanceId"] },
  { method: "POST", path: "/users/{v}/_lock", fields: ["instanceId"] },
  { method: "PUT", path: "/users/{v}/metadata/tier", fields: ["instanceId", "value"] },
  { method: "GET", path: "/events", fields: ["limit", "after", "type", "aggregateId", "instanceId"] },
  { method: "GET", path: "/tokens", fields: ["instanceId"] },
  { method: "GET", path: "/outbox", fields: ["to", "instanceId"] },
  { method: "GET", path: "/target-calls", fields: ["targetId", "limit"] },
  { method: "POST", path: "/orgs/_diff", fields: ["document", "instanceId"] },
];

const segment = fc.oneof(
  fc.stringMatching(/^[0-9a-z-]{1,20}$/),
  hostileString.map((s) => encodeBytes(Buffer.from(s))),
  invalidUtf8.map(encodeBytes),
);

const bodyOf = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: (fields.length ? fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileString), hostileJson, { maxKeys: 4 }) : hostileJson).map(
        (value) => ({ kind: "json" as const, value }),
      ),
    },
    { weight: 2, arbitrary: rawBody },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileJson, invalidUtf8, fc.nat())
        .map(([v, b, at]) => ({ kind: "raw" as const, bytes: spliceBytes(JSON.stringify(v) ?? "", b, at) })),
    },
  );

type Res = { status: number; text: string; type: string };

async function call(method: string, path: string, body: Buffer | string | undefined, type = "application/json"): Promise<Res> {
  const headers: Record<string, string> = { authorization: `Bearer ${emu.consoleToken}` };
  if (body !== undefined && type) headers["content-type"] = type;
  const res = await fetch(`${emu.url}/emulator/v1${path}`, { method, headers, body: body as BodyInit | undefined });
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") ?? "" };
}

function assertControlError(r: Res): void {
  const body = JSON.parse(r.text) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ["code", "message"], r.text.slice(0, 300));
  assert.ok(Number.isInteger(body.code) && typeof body.message === "string", r.text.slice(0, 300));
}

let cases = 0;
after(() => console.log(`fuzz control: ${cases} cases`));

describe("control API under hostile input", () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom("x", ...route.fields), hostileString), hostileString), { maxLength: 3 });
      await fc.assert(
        fc.asyncProperty(segment, query, bodyOf(route.fields), fc.constantFrom("application/json", "text/plain", ""), async (v, q, body, type) => {
          cases++;
          const before = storeState(emu);
          const qs = q.map(([k, val]) => `${encodeBytes(Buffer.from(k))}=${encodeBytes(Buffer.from(val))}`).join("&");
          const path = route.path.replace("{v}", v) + (qs ? `?${qs}` : "");
          const withBody = route.method !== "GET" && route.method !== "DELETE";
          const r = await call(route.method, path, withBody ? bodyText(body) : undefined, type);
          assertNot5xx(r.status, `${route.method} ${route.path}`, r.text);
          if (r.status >= 400) {
            assertControlError(r);
            assertUnchanged(emu, before, `${route.method} ${route.path} refused with ${r.status}: ${r.text.slice(0, 200)}`);
          }
        }),
        fuzzParams(`control ${route.method} ${route.path}`, 80),
      );
      await assertAlive(emu);
    });
  }
});

// A valid export document (docs/behaviour.md "Org import"): one org with a domain, a human and a machine user.
const validDocument = () => ({
  orgs: [
    {
      orgId: "400000000000000001",
      org: { name: "Fuzz Org" },
      domains: [{ domainName: "fuzz.example", isVerified: true, isPrimary: true, validationType: "DOMAIN_VALIDATION_TYPE_DNS" }],
      humanUsers: [
        {
          userId: "400000000000000010",
          user: {
            userName: "fuzz-ann",
            profile: { firstName: "Ann", lastName: "Fuzz", displayName: "Ann Fuzz", preferredLanguage: "en" },
            email: { email: "ann@fuzz.example", isEmailVerified: true },
          },
        },
      ],
      machineUsers: [{ userId: "400000000000000011", user: { userName: "fuzz-bot", name: "Bot", description: "d" } }],
    },
  ],
});

/** A mutation of the valid document: a value replaced, a list entry duplicated, or the text spoiled. */
const mutatedDocument: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.nat(),
        fc.oneof(
          hostileJson,
          fc.constantFrom(200, 201, 256, 1000).map((n) => "a".repeat(n)),
        ),
      )
      .map(([i, value]) => {
        const doc = validDocument() as unknown as Json;
        const all = paths(doc);
        return { kind: "json" as const, value: { document: setAt(doc, all[i % all.length]!, value as Json) } };
      }),
  },
  {
    weight: 2,
    arbitrary: fc.nat().map((i) => {
      const doc = validDocument() as unknown as Json;
      const lists = paths(doc).filter((p) => Array.isArray(getAt(doc, p)));
      const p = lists[i % lists.length]!;
      const list = getAt(doc, p) as Json[];
      return { kind: "json" as const, value: { document: setAt(doc, p, [...list, ...list]) } };
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(invalidUtf8, fc.nat())
      .map(([b, at]) => ({ kind: "raw" as const, bytes: spliceBytes(JSON.stringify({ document: validDocument() }), b, at) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(1000, 20000)
      .map((d) => ({ kind: "raw" as const, bytes: `{"document":{"orgs":[{"orgId":"4","org":${deepJson(d, "object")}}]}}` })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1000).map((n) => {
      const doc = validDocument();
      doc.orgs[0]!.humanUsers = Array.from({ length: n }, () => doc.orgs[0]!.humanUsers[0]!);
      return { kind: "json" as const, value: { document: doc } };
    }),
  },
);

describe("import engine under mutated export documents", () => {
  it("validate writes nothing, import is atomic, diff reads only", async () => {
    const start = fullDump(emu);
    await fc.assert(
      fc.asyncProperty(mutatedDocument, fc.constantFrom("/orgs/_validate", "/orgs/_diff"), async (body, path) => {
        cases++;
        const r = await call("POST", path, bodyText(body));
        assertNot5xx(r.status, path, r.text);
        if (r.status >= 400) assertControlError(r);
      }),
      fuzzParams("import validate", 300),
    );
    assert.equal(fullDump(emu), start, "validating and diffing changed the store");

    await fc.assert(
      fc.asyncProperty(mutatedDocument, fc.constantFrom("", "?dryRun=true", "?bestEffort=true", "?dryRun=1&bestEffort=x"), async (body, q) => {
        cases++;
        const before = storeState(emu);
        const r = await call("POST", `/orgs/_import${q}`, bodyText(body));
        assertNot5xx(r.status, "import", r.text);
        if (r.status >= 400) {
          assertControlError(r);
          assertUnchanged(emu, before, `import refused with ${r.status}: ${r.text.slice(0, 200)}`);
          return;
        }
        const result = JSON.parse(r.text) as { errors: unknown[] };
        if (q.includes("dryRun=true") || (!q.includes("bestEffort") && result.errors.length > 0)) {
          assertUnchanged(emu, before, `import ${q || "(atomic)"} reported ${result.errors.length} errors`);
        }
      }),
      fuzzParams("import", 300),
    );
    await assertAlive(emu);
  });
});
