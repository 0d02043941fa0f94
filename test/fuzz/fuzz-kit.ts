// What every fuzz file shares: the seed (FUZZ_SEED or random, printed so a failure replays), the run
// count (scaled by FUZZ_SCALE), hostile values, the cheap "did anything change" state of the store and
// its full dump, and the assertion that a case never got a 5xx.

import assert from "node:assert/strict";
import fc from "fast-check";
import type { Emulator } from "../../emulator/src/index.js";
import { internals } from "../../emulator/src/internal.js";

const baseSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const scale = Number(process.env.FUZZ_SCALE ?? 1);
console.log(`fuzz seed ${baseSeed}: replay with FUZZ_SEED=${baseSeed} (each property's own seed and path are in its failure message)`);

/** fast-check parameters for one property: a seed derived from the run's seed and the property's name. */
export function fuzzParams(name: string, numRuns: number): fc.Parameters<unknown> {
  let h = baseSeed;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return { seed: h, numRuns: Math.max(1, Math.round(numRuns * scale)), verbose: 0, endOnFailure: true, includeErrorInReport: true };
}

/** Every user table of the store with its row count, and the last event position: a cheap fingerprint. */
export function storeState(emu: Emulator): string {
  const { db } = internals(emu).core;
  const tables = db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const counts = tables.map((t) => `${t.name}=${(db.stmt(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n}`);
  const last = (db.stmt("SELECT max(position) AS p FROM events").get() as { p: number | null }).p;
  return `events@${last} ${counts.join(" ")}`;
}

/** The store is as `before` (a storeState) says; the message names what changed. */
export function assertUnchanged(emu: Emulator, before: string, what: string): void {
  const now = storeState(emu);
  if (now === before) return;
  const old = new Set(before.split(" "));
  assert.fail(
    `${what}, but the store changed: ${now
      .split(" ")
      .filter((t) => !old.has(t))
      .join(" ")}`,
  );
}

/** Every row of every table, for the end-of-run comparison. */
export function fullDump(emu: Emulator): string {
  const { db } = internals(emu).core;
  const tables = db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  return JSON.stringify(tables.map((t) => [t.name, db.stmt(`SELECT * FROM "${t.name}" ORDER BY rowid`).all()]));
}

/** The emulator still answers its health check (no crash, no wedged event loop). */
export async function assertAlive(emu: Emulator): Promise<void> {
  const r = await fetch(`${emu.url}/emulator/v1/health`);
  assert.equal(r.status, 200, "health after the case");
  assert.deepEqual(await r.json(), { status: "ok" });
}

/** No server error; 501 only as the designed answer of an unimplemented rpc or option (code 12, DESIGN 7). */
export function assertNot5xx(status: number, what: string, text: string): void {
  if (status === 501 && /^\{"code":12,/.test(text)) return;
  assert.ok(status < 500, `${what} answered ${status}: ${text.slice(0, 500)}`);
}

/** Text a client may send: boundary lengths, control and non-BMP characters, NUL, markup, traversal, numbers as text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\ud800", "\udfff", "\uffff", "\ufeff", "\r\n", "..", "../../etc/passwd", "%00", "%", "%zz", "\\"),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "\"'><img src=x onerror=alert(1)>",
    "'; DROP TABLE events; --",
    "$" + "{7*7}",
    "{{7*7}}",
    "__proto__",
    "constructor",
  ),
  fc.constantFrom("0", "-1", "18446744073709551616", "1e309", "NaN", "true", "null", "[]", "{}", "2020-13-45T99:99:99Z", "10s", "-5s", "999999999999s"),
  fc.constantFrom(199, 200, 201, 255, 256, 257, 1000, 1025, 5000).map((n) => "x".repeat(n)),
  fc.constantFrom(200, 201).map((n) => "é".repeat(n)),
  fc.constantFrom(101, 300).map((n) => "😀".repeat(n)),
);

/** A JSON value nested `depth` times, as text (deep values without building them in memory twice). */
export const deepJson = (depth: number, kind: "array" | "object"): string =>
  kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Any JSON value, with hostile strings and boundary numbers. */
export const hostileJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 4 })
  .chain((v) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(v) },
      hostileString,
      fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, true, false, null, [], {}),
    ),
  );

/** Bytes that are not valid UTF-8 (lone continuation, overlong, surrogate, truncated, out of range). */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc.constantFrom(
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xff, 0xfe]),
);

/** A JSON text with invalid UTF-8 bytes spliced into a random place (often inside a string). */
export function spliceBytes(text: string, bytes: Buffer, at: number): Buffer {
  const b = Buffer.from(text);
  const i = b.length === 0 ? 0 : at % (b.length + 1);
  return Buffer.concat([b.subarray(0, i), bytes, b.subarray(i)]);
}

/** The body of one case: a JSON value, raw bytes, or a huge or deep text. */
export type Body = { kind: "json"; value: unknown } | { kind: "raw"; bytes: Buffer | string };

export function bodyText(b: Body): Buffer | string {
  return b.kind === "json" ? (JSON.stringify(b.value) ?? "null") : b.bytes;
}

/** Raw bodies that no schema can plan for. */
export const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((a) => ({ kind: "raw" as const, bytes: Buffer.from(a) })),
  fc
    .constantFrom("", "{", "[", '{"a":', "nul", "1e999999", '"\\ud800"', '{"__proto__":{"x":1}}', '{"a":1,"a":2}', "\ufeff{}")
    .map((s) => ({ kind: "raw" as const, bytes: s })),
  fc
    .tuple(fc.constantFrom(64, 1000, 5000, 20000), fc.constantFrom<"array" | "object">("array", "object"))
    .map(([d, k]) => ({ kind: "raw" as const, bytes: deepJson(d, k) })),
  fc.constantFrom(300_000, 3_000_000).map((n) => ({ kind: "raw" as const, bytes: JSON.stringify({ name: "x".repeat(n) }) })),
);

/** A JSON value, for the mutations of a document. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path (list of keys) inside a JSON value. */
export function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) for (const [i, x] of v.entries()) paths(x, [...at, i], out);
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** A copy of `doc` with `value` at `path`. */
export function setAt(doc: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const copy = (Array.isArray(doc) ? [...doc] : { ...(doc as object) }) as Record<string | number, Json>;
  copy[path[0]!] = setAt(copy[path[0]!] as Json, path.slice(1), value);
  return copy as Json;
}

/** The value at `path` in `doc`. */
export const getAt = (doc: Json, path: (string | number)[]): Json => path.reduce<Json>((d, k) => (d as Record<string | number, Json>)[k] as Json, doc);
