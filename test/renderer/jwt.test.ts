// renderer/src/screens/tokens/jwt.ts: decoding a token as far as it goes. Tokens made with jose (what
// a real issuer signs), and broken ones: wrong segment counts, text outside base64url, bytes that are
// not UTF-8, JSON that is not an object; unicode, huge and deeply nested claims.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { base64urlBytes, decodeToken } from "../../renderer/src/screens/tokens/jwt.js";

const b64url = (text: string | Uint8Array) => Buffer.from(text).toString("base64url");
const json = (value: unknown) => b64url(JSON.stringify(value));
const HEADER = json({ alg: "RS256", kid: "k1" });
const PAYLOAD = json({ sub: "1" });
const { privateKey } = await generateKeyPair("RS256");
const signed = async (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "k1", typ: "JWT" }).sign(privateKey);

describe("decodeToken", () => {
  it("decodes a signed JWT's header, payload and signature bytes as jose reads them", async () => {
    const jwt = await signed({ sub: "42", aud: ["a", "b"], exp: 2_000_000_000, nested: { roles: { admin: { org: "d" } } } });
    const decoded = decodeToken(`  ${jwt}\n`);
    assert.equal(decoded.kind, "jwt");
    assert.equal(decoded.raw, jwt, "surrounding white space is trimmed");
    assert.deepEqual(decoded.header, decodeProtectedHeader(jwt));
    assert.deepEqual(decoded.payload, decodeJwt(jwt));
    assert.deepEqual(Buffer.from(decoded.signature!), Buffer.from(jwt.split(".")[2]!, "base64url"));
    assert.equal(decoded.signature!.length, 256, "an RS256 signature of a 2048-bit key");
    assert.equal(decoded.problem, undefined);
  });

  it("takes text without a dot (or nothing) for an opaque token and decodes nothing", () => {
    assert.deepEqual(decodeToken("AQAAAAAAAAAB_opaque-value"), { kind: "opaque", raw: "AQAAAAAAAAAB_opaque-value" });
    assert.deepEqual(decodeToken(""), { kind: "opaque", raw: "" });
    assert.deepEqual(decodeToken(" \n\t "), { kind: "opaque", raw: "" });
  });

  it("decodes an unsigned token (alg none, empty signature) without a problem: judging it is verify's part", () => {
    const jwt = new UnsecuredJWT({ sub: "x" }).encode();
    assert.match(jwt, /\.$/);
    const decoded = decodeToken(jwt);
    assert.equal(decoded.kind, "jwt");
    assert.deepEqual(decoded.header, { alg: "none" });
    assert.deepEqual(decoded.payload, decodeJwt(jwt));
    assert.deepEqual([...decoded.signature!], []);
    assert.equal(decoded.problem, undefined);
  });

  it("names a wrong number of segments, and still decodes the ones there are", () => {
    const two = decodeToken(`${HEADER}.${PAYLOAD}`);
    assert.equal(two.kind, "malformed");
    assert.deepEqual(two.problem, { segment: "token", message: 'A JWT has 3 segments separated by ".", this token has 2' });
    assert.deepEqual(two.header, { alg: "RS256", kid: "k1" });
    assert.deepEqual(two.payload, { sub: "1" });
    const five = decodeToken(`${HEADER}.${PAYLOAD}.c2ln.aXY.dGFn`);
    assert.equal(five.kind, "malformed");
    assert.equal(five.problem!.message, 'A JWT has 3 segments separated by ".", this token has 5');
    assert.deepEqual([...five.signature!], [...Buffer.from("sig")], "the first three segments are decoded");
    const dots = decodeToken("..");
    assert.equal(dots.kind, "malformed");
    assert.deepEqual(dots.problem, { segment: "header", message: "The header segment (1st) is not JSON: Unexpected end of JSON input" });
  });

  it("names the segment that is not base64url: padding, other alphabets, impossible lengths", () => {
    const cases: [string, string][] = [
      [`${HEADER}=.${PAYLOAD}.`, "The header segment (1st) is not base64url: it has characters outside the base64url alphabet"],
      [
        `${HEADER}.${Buffer.from('{"sub":"1"}').toString("base64")}+/.`,
        "The payload segment (2nd) is not base64url: it has characters outside the base64url alphabet",
      ],
      [`${HEADER}.${PAYLOAD}.abcde`, "The signature segment (3rd) is not base64url: it has a length no base64url text has"],
      [`${HEADER}.${PAYLOAD}.ab cd`, "The signature segment (3rd) is not base64url: it has characters outside the base64url alphabet"],
      [`${HEADER}.${PAYLOAD}.ab%3D`, "The signature segment (3rd) is not base64url: it has characters outside the base64url alphabet"],
    ];
    for (const [token, message] of cases) {
      const d = decodeToken(token);
      assert.equal(d.kind, "malformed", token);
      assert.equal(d.problem!.message, message, token);
    }
  });

  it("names bytes that are not UTF-8 and JSON that is not an object", () => {
    const notUtf8 = decodeToken(`${b64url(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]))}.${PAYLOAD}.`);
    assert.deepEqual(notUtf8.problem, { segment: "header", message: "The header segment (1st) is not UTF-8 text" });
    assert.deepEqual(notUtf8.payload, { sub: "1" }, "the payload is still shown");
    const lone = decodeToken(`${HEADER}.${b64url(Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22]))}.`);
    assert.deepEqual(lone.problem, { segment: "payload", message: "The payload segment (2nd) is not UTF-8 text" }, "an encoded lone surrogate");
    for (const value of ["[1,2]", "null", "42", '"text"', "true"]) {
      const d = decodeToken(`${HEADER}.${b64url(value)}.`);
      assert.deepEqual(d.problem, { segment: "payload", message: "The payload segment (2nd) is JSON but not an object" }, value);
      assert.equal(d.payload, undefined);
    }
    const notJson = decodeToken(`${HEADER}.${b64url("{sub:1}")}.`);
    assert.equal(notJson.problem!.segment, "payload");
    assert.match(notJson.problem!.message, /^The payload segment \(2nd\) is not JSON: /);
  });

  it("names the first broken segment when several are", () => {
    const d = decodeToken("e30=.!!!.???");
    assert.equal(d.problem!.segment, "header");
    assert.equal(d.header, undefined);
    assert.equal(d.payload, undefined);
    assert.equal(d.signature, undefined);
  });

  it("keeps unicode claims as they were signed", async () => {
    const claims = { sub: "1", name: "Zoë Ñúñez 山田太郎", emoji: "🚀👩‍👩‍👧", rtl: "שלום", ключ: "значение", zero: "a\u0000b" };
    const decoded = decodeToken(await signed(claims));
    assert.deepEqual(decoded.payload, claims);
  });

  it("decodes huge and deeply nested claims", async () => {
    const big = "x".repeat(1_000_000);
    assert.equal((decodeToken(await signed({ big })).payload!.big as string).length, 1_000_000);
    // Deeper than a recursive JSON encoder goes (jose's claims copy overflows the stack): the payload text made by hand.
    const DEPTH = 20_000;
    const deep = decodeToken(`${HEADER}.${b64url(`${'{"n":'.repeat(DEPTH)}"leaf"${"}".repeat(DEPTH)}`)}.`);
    assert.equal(deep.problem, undefined);
    let depth = 0;
    let v: unknown = deep.payload;
    for (; typeof v === "object" && v !== null; v = (v as { n: unknown }).n) depth++;
    assert.deepEqual([depth, v], [DEPTH, "leaf"]);
  });

  it("keeps a __proto__ claim as data: no prototype is changed", () => {
    const d = decodeToken(`${HEADER}.${b64url('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}')}.`);
    assert.equal(Object.getPrototypeOf(d.payload), Object.prototype);
    assert.deepEqual(Object.keys(d.payload!), ["__proto__", "constructor"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe("base64urlBytes", () => {
  it("decodes every byte value as Node's base64url does, with or without the padding it leaves out", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= all.length; n += 1) {
      const part = all.subarray(0, n);
      assert.deepEqual(Buffer.from(base64urlBytes(b64url(part))), Buffer.from(part), `${n} bytes`);
    }
    assert.deepEqual([...base64urlBytes("-_-_")], [...Buffer.from("+/+/", "base64")]);
  });

  it("refuses other alphabets, padding and a length no encoding has", () => {
    assert.throws(() => base64urlBytes("ab+/"), /outside the base64url alphabet/);
    assert.throws(() => base64urlBytes("YQ=="), /outside the base64url alphabet/);
    assert.throws(() => base64urlBytes("é"), /outside the base64url alphabet/);
    assert.throws(() => base64urlBytes("a"), /a length no base64url text has/);
    assert.throws(() => base64urlBytes("abcde"), /a length no base64url text has/);
  });
});
