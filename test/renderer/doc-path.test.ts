// renderer/src/screens/import-export/doc-path.ts: the part of an org document a validation error's
// path names (the paths a running emulator's check answers, for a file in lowerCamel or snake_case),
// paths that lead nowhere or through keys that are also JavaScript's own, and where JSON.parse
// failed in a text.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { pathSegments, snippetAt, syntaxErrorPlace } from "../../renderer/src/screens/import-export/doc-path.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const exported = await request(`${emu.url}/admin/v1/export`, { method: "POST", token: emu.adminPat, json: { responseOutput: true, timeout: "1m" } });
assert.equal(exported.status, 200, exported.text);
type Doc = { orgs: { humanUsers: { user: { email: { email: string }; profile: Record<string, unknown> } }[] }[] };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("snippetAt", () => {
  it("shows the value each path of the emulator's check names, in a file written in lowerCamel or snake_case", async () => {
    const doc = structuredClone(exported.body) as Doc;
    const user = doc.orgs[0]!.humanUsers[0]!.user;
    user.email.email = "not-an-email";
    const { firstName: _, ...profile } = user.profile;
    user.profile = { ...profile, first_name: "" };
    const checked = await controlApi(emu).validateDocument({ body: { document: doc } });
    assert.equal(checked.status, 200, checked.text);
    const errors = checked.body.errors;
    const snippets = Object.fromEntries(errors.map((e) => [e.path, snippetAt(doc, e.path)]));
    assert.deepEqual(snippets["orgs[0].humanUsers[0].user.email.email"], { at: "orgs[0].humanUsers[0].user.email.email", text: '"not-an-email"' });
    assert.deepEqual(snippets["orgs[0].humanUsers[0].user.profile.firstName"], { at: "orgs[0].humanUsers[0].user.profile.firstName", text: '""' });
    for (const [path, snippet] of Object.entries(snippets)) assert.equal(snippet.at, path, "every path the check names is found in the file");
  });

  it("shows the nearest object holding a field that is not there", () => {
    const doc = { orgs: [{ org: { name: "Acme" } }] };
    assert.deepEqual(snippetAt(doc, "orgs[0].org.displayName"), { at: "orgs[0].org", text: '{ "name": "Acme" }' });
    assert.deepEqual(snippetAt(doc, "orgs[3].org"), { at: "orgs", text: '[ { "org": { "name": "Acme" } } ]' }, "an index past the end");
    assert.deepEqual(snippetAt(doc, "orgs.org"), { at: "orgs", text: '[ { "org": { "name": "Acme" } } ]' }, "a name on a list");
    assert.deepEqual(snippetAt(doc, "orgs[0][0]"), { at: "orgs[0]", text: '{ "org": { "name": "Acme" } }' }, "an index on an object");
    assert.deepEqual(snippetAt(doc, ""), { at: "(the document)", text: '{ "orgs": [ { "org": { "name": "Acme" } } ] }' });
    assert.deepEqual(snippetAt({ a: null }, "a.b"), { at: "a", text: "null" });
  });

  it("shows the document for a path into nothing: an empty or non-object document", () => {
    assert.deepEqual(snippetAt(undefined, "orgs[0]"), { at: "(the document)", text: "undefined" });
    assert.deepEqual(snippetAt({}, "orgs[0]"), { at: "(the document)", text: "{}" });
    assert.deepEqual(snippetAt("text", "length"), { at: "(the document)", text: '"text"' });
    assert.deepEqual(snippetAt([], "[0]"), { at: "(the document)", text: "[]" });
  });

  it("takes a key named like JavaScript's own properties for a field of the file, never for Object's", () => {
    const doc = { orgs: [{ org: { name: "Acme" } }] };
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])
      assert.deepEqual(snippetAt(doc, `orgs[0].${key}`), { at: "orgs[0]", text: '{ "org": { "name": "Acme" } }' }, key);
    const own = JSON.parse('{"orgs":[{"constructor":"mine","__proto__":{"x":1}}]}') as unknown;
    assert.deepEqual(snippetAt(own, "orgs[0].constructor"), { at: "orgs[0].constructor", text: '"mine"' });
    assert.deepEqual(snippetAt(own, "orgs[0].__proto__.x"), { at: "orgs[0].__proto__.x", text: "1" });
  });

  it("finds keys with digits, unicode and snake_case spellings", () => {
    const doc = { data_orgsv1: { ключ: { human_users: ["🚀"] } } };
    assert.deepEqual(snippetAt(doc, "dataOrgsv1.ключ.humanUsers[0]"), { at: "dataOrgsv1.ключ.humanUsers[0]", text: '"🚀"' });
  });

  it("cuts a long value after 240 characters, never inside a character", () => {
    const long = snippetAt({ v: "x".repeat(10_000) }, "v");
    assert.equal(long.text, `"${"x".repeat(239)}…`);
    for (const pad of [0, 1]) {
      const text = snippetAt({ v: `${"a".repeat(pad)}${"🚀".repeat(300)}` }, "v").text;
      assert.doesNotMatch(text, LONE_SURROGATE, `offset ${pad}`);
      assert.ok(text.endsWith("…"));
      assert.ok(text.length <= 241);
    }
  });
});

describe("pathSegments", () => {
  it("splits names and indexes", () => {
    assert.deepEqual(pathSegments("orgs[0].humanUsers[12].user.email"), ["orgs", 0, "humanUsers", 12, "user", "email"]);
    assert.deepEqual(pathSegments("[3]"), [3]);
    assert.deepEqual(pathSegments(""), []);
    assert.deepEqual(pathSegments("a..b"), ["a", "b"]);
    assert.deepEqual(pathSegments("a[x]"), ["a", "x"], "a bracket without a number is a name");
    assert.deepEqual(pathSegments("a[-1]"), ["a", "-1"]);
    assert.deepEqual(pathSegments("metadata[0].key with spaces"), ["metadata", 0, "key with spaces"]);
  });
});

describe("syntaxErrorPlace", () => {
  const messageOf = (text: string) => {
    try {
      JSON.parse(text);
    } catch (e) {
      return (e as Error).message;
    }
    assert.fail(`${text} parses`);
  };

  it("finds the place a V8 message names by position (Chromium, Node)", () => {
    const text = '{\n  "orgs": []\n}\nx';
    const message = messageOf(text);
    assert.match(message, /position 17/);
    assert.deepEqual(syntaxErrorPlace(text, message), { line: 4, column: 1, around: '{\n  "orgs": []\n}\nx' });
    const open = "{";
    assert.deepEqual(syntaxErrorPlace(open, messageOf(open)), { line: 1, column: 2, around: "{" });
  });

  it("finds the place a message names by line and column (Firefox's, Chromium's newer), with CRLF lines", () => {
    const text = '{\r\n  "orgs": [,]\r\n}';
    const place = syntaxErrorPlace(text, "JSON.parse: unexpected character at line 2 column 12 of the JSON data");
    assert.deepEqual(place, { line: 2, column: 12, around: text });
    assert.equal(text.split("\n")[1]![11], ",", "the column names the comma");
    assert.deepEqual(syntaxErrorPlace(text, "Unexpected token ',' in JSON at position 14 (line 2 column 12)"), { line: 2, column: 12, around: text });
  });

  it("gives the text around the place only, and nothing when the message names no place", () => {
    const text = `${"a".repeat(100)}!${"b".repeat(100)}`;
    assert.deepEqual(syntaxErrorPlace(text, "at position 100"), { line: 1, column: 101, around: `${"a".repeat(40)}!${"b".repeat(39)}` });
    assert.equal(syntaxErrorPlace("", messageOf("")), undefined, "Unexpected end of JSON input");
    assert.equal(syntaxErrorPlace("[1,,2]", messageOf("[1,,2]")), undefined, "V8 (Node 20, and Chromium 156 alike) names no place for an unexpected token");
    assert.equal(syntaxErrorPlace("{}", "something else"), undefined);
  });
});
