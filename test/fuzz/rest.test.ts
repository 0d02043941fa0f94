// Hostile input on the REST resource API: every rpc of the emulator's own rpc table (so every rpc
// declared in proto/) gets generated path variables, query strings and bodies — shaped by its request
// descriptor, any JSON, raw bytes, invalid UTF-8, deep and huge texts. Each case: no 5xx, an rpc status
// body {code, message, details} on refusal, nothing stored on refusal, the server still healthy.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { DescMessage } from "@bufbuild/protobuf";
import { buildRpcTable } from "../../emulator/src/api/services.js";
import type { RpcEntry } from "../../emulator/src/api/rpc.js";
import { startTestEmulator } from "../helpers/emulator.js";
import {
  type Body,
  assertAlive,
  assertNot5xx,
  assertUnchanged,
  bodyText,
  fuzzParams,
  hostileJson,
  hostileString,
  invalidUtf8,
  rawBody,
  spliceBytes,
  storeState,
} from "./fuzz-kit.js";
import { messageArbitrary, queryNames } from "./message-arbitrary.js";

const emu = await startTestEmulator();
const RUNS_PER_RPC = 40;

/** Percent-encodes every byte, so any text (and any byte) reaches the router as one path segment. */
const encodeBytes = (b: Buffer) => [...b].map((x) => `%${x.toString(16).padStart(2, "0")}`).join("");

const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[0-9]{1,20}$/) },
  { weight: 3, arbitrary: hostileString.map((s) => encodeBytes(Buffer.from(s))) },
  invalidUtf8.map(encodeBytes),
);

function route(e: RpcEntry): { verb: string; template: string; body: string } {
  const p = e.httpRule!.pattern;
  return { verb: p.case!.toUpperCase(), template: String(p.value), body: e.httpRule!.body };
}

/** The request body's shape: the whole request ("*"), one message field, or a repeated one. */
function bodyArbitrary(input: DescMessage, bodyField: string): fc.Arbitrary<Body> {
  let shaped: fc.Arbitrary<unknown> = fc.constant({});
  if (bodyField === "*") shaped = messageArbitrary(input);
  else if (bodyField) {
    const f = input.fields.find((x) => x.name === bodyField);
    if (f?.fieldKind === "message") shaped = messageArbitrary(f.message);
    else if (f?.fieldKind === "list" && f.listKind === "message") shaped = fc.array(messageArbitrary(f.message), { maxLength: 3 });
    else shaped = hostileJson;
  }
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value) => ({ kind: "json" as const, value })) },
    { weight: 2, arbitrary: hostileJson.map((value) => ({ kind: "json" as const, value })) },
    { weight: 1, arbitrary: rawBody },
    {
      weight: 1,
      arbitrary: fc.tuple(shaped, invalidUtf8, fc.nat()).map(([v, bytes, at]) => ({ kind: "raw" as const, bytes: spliceBytes(JSON.stringify(v), bytes, at) })),
    },
  );
}

const headers = fc.record({
  auth: fc.constantFrom("admin", "admin", "admin", "none", "garbage"),
  type: fc.constantFrom("application/json", "application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", ""),
});

function caseArbitrary(e: RpcEntry) {
  const r = route(e);
  const vars = [...r.template.matchAll(/\{([a-z_.]+)\}/g)].map((m) => m[1]!);
  const names = queryNames(e.method.input);
  const query = fc.array(fc.tuple(names.length ? fc.oneof(fc.constantFrom(...names), hostileString) : hostileString, hostileString), { maxLength: 4 });
  return fc.record({
    path: fc.tuple(...vars.map(() => segment)),
    query,
    body: bodyArbitrary(e.method.input, r.body),
    headers,
  });
}

type Case = { path: string[]; query: [string, string][]; body: Body; headers: { auth: string; type: string } };

async function send(e: RpcEntry, c: Case) {
  const r = route(e);
  let i = 0;
  const path = r.template.replace(/\{[a-z_.]+\}/g, () => c.path[i++]!);
  // Below Node's 16 KiB head limit: a larger head is refused before any surface (request-errors.test.ts).
  const qs = c.query
    .map(([k, v]) => `${encodeBytes(Buffer.from(k))}=${encodeBytes(Buffer.from(v))}`)
    .join("&")
    .slice(0, 12_000)
    .replace(/%[0-9a-f]?$/, "");
  const h: Record<string, string> = {};
  const withBody = r.verb !== "GET" && r.verb !== "DELETE";
  if (c.headers.type) h["content-type"] = c.headers.type;
  if (c.headers.auth === "admin") h.authorization = `Bearer ${emu.adminPat}`;
  if (c.headers.auth === "garbage") h.authorization = "Bearer \u00ff.x";
  const res = await fetch(`${emu.url}${path}${qs ? `?${qs}` : ""}`, {
    method: r.verb,
    headers: h,
    body: withBody ? (bodyText(c.body) as BodyInit) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The rpc status body of a refusal: {code, message} and, when there, details; nothing else. */
function assertRpcStatus(status: number, text: string): void {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`refusal ${status} is not JSON: ${text.slice(0, 300)}`);
  }
  assert.ok(Number.isInteger(body.code) && (body.code as number) > 0 && (body.code as number) <= 16, `code in ${text.slice(0, 300)}`);
  assert.equal(typeof body.message, "string");
  for (const k of Object.keys(body)) assert.ok(["code", "message", "details"].includes(k), `unexpected key ${k} in ${text.slice(0, 300)}`);
  if ("details" in body) assert.ok(Array.isArray(body.details));
}

const table = buildRpcTable();
const entries = table.entries.filter((e) => e.httpRule?.pattern.case);
let cases = 0;
after(() => console.log(`fuzz rest: ${cases} cases over ${entries.length} rpcs`));

describe("REST resource API under hostile input", () => {
  it("serves every rpc of the table over REST", () => assert.equal(entries.length, table.entries.length));

  for (const e of entries) {
    it(`${route(e).verb} ${route(e).template} (${e.method.name})`, async () => {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(e), async (c) => {
          cases++;
          const before = storeState(emu);
          const { status, text } = await send(e, c as Case);
          assertNot5xx(status, e.method.name, text);
          if (status >= 400) {
            assertRpcStatus(status, text);
            assertUnchanged(emu, before, `${e.method.name} refused with ${status}: ${text.slice(0, 200)}`);
          }
        }),
        fuzzParams(`rest ${e.method.name}`, RUNS_PER_RPC),
      );
      await assertAlive(emu);
    });
  }
});
