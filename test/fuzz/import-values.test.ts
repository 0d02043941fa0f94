// Property (issue 25, step 1): a JSON document is checked, then read once into the generated messages
// the import passes take. Whatever value a document holds at any place (hostile JSON, text with a lone
// surrogate or NUL, timestamps, durations and base64 just outside what proto3 JSON allows, numbers
// for enums), the check either reports it or the read takes it: the import answers 200 with its
// errors (or the control API's own 400 for text it never stores), never a server error, and a dry
// run stores nothing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { generateKeyPairSync } from "node:crypto";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { assertAlive, assertNot5xx, fuzzParams, getAt, hostileJson, type Json, paths, setAt, storeState } from "./fuzz-kit.js";

const emu = await startTestEmulator();
const ctl = control(emu);

const b64 = (text: string) => Buffer.from(text).toString("base64");
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString();

/** A valid document with an item in every carried part, and a value of every kind the passes read. */
const validDocument = (): Json => ({
  orgs: [
    {
      orgId: "725200000000000001",
      org: { name: "Values" },
      orgState: "ORG_STATE_ACTIVE",
      domains: [{ domainName: "values.example", isVerified: true, validationType: "DOMAIN_VALIDATION_TYPE_DNS", details: { sequence: "1" } }],
      humanUsers: [
        {
          userId: "725200000000000002",
          state: "USER_STATE_LOCKED",
          user: {
            userName: "values-human",
            profile: { firstName: "Val", lastName: "Ues", gender: "GENDER_MALE", preferredLanguage: "en" },
            email: { email: "values@acme.example" },
            hashedPassword: { value: "", algorithm: "bcrypt" },
          },
        },
      ],
      machineUsers: [{ userId: "725200000000000003", user: { userName: "values-machine", name: "M", accessTokenType: 1 } }],
      userMetadata: [{ id: "725200000000000002", key: "k", value: b64("v") }],
      machineKeys: [{ keyId: "725200000000000004", userId: "725200000000000003", type: "KEY_TYPE_JSON", publicKey: b64(pem) }],
      projects: [{ projectId: "725200000000000005", project: { name: "P", privateLabelingSetting: 1 } }],
      projectRoles: [{ projectId: "725200000000000005", roleKey: "r" }],
      oidcApps: [
        {
          appId: "725200000000000006",
          app: {
            projectId: "725200000000000005",
            name: "W",
            redirectUris: ["http://localhost:3000/cb"],
            clockSkew: "1.5s",
            responseTypes: [0, "OIDC_RESPONSE_TYPE_ID_TOKEN"],
            grantTypes: ["OIDC_GRANT_TYPE_AUTHORIZATION_CODE", 1],
            loginVersion: { loginV2: { baseUri: "x" } },
          },
        },
      ],
      apiApps: [{ appId: "725200000000000007", app: { projectId: "725200000000000005", name: "A", authMethodType: 1 } }],
      appKeys: [{ id: "725200000000000008", appId: "725200000000000007", type: 1, publicKey: b64(pem), expirationDate: "2031-01-01T00:00:00.5Z" }],
      userGrants: [{ userId: "725200000000000002", projectId: "725200000000000005", roleKeys: ["r"] }],
      orgMembers: [{ userId: "725200000000000002", roles: ["ORG_OWNER"] }],
      loginTexts: [{ a: 1 }],
    },
  ],
});

/** Values at the edge of what proto3 JSON reads into a message. */
const EDGE_VALUES: Json[] = [
  "2031-01-01",
  "+010000-01-01T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "2031-02-30T00:00:00Z",
  "QUJDR",
  "QUJD=",
  "====",
  "-_",
  "315576000001s",
  "0.0000000001s",
  "1e3s",
  "\ud800",
  "a\u0000b",
  99,
  -1,
  2 ** 40,
  "ORG_STATE_REMOVED",
];
const edgeValue = fc.constantFrom(...EDGE_VALUES);

const importDryRun = async (document: Json) => ctl("/orgs/_import?dryRun=true", { method: "POST", json: { document } });

describe("a JSON document is checked, then read into messages: never a server error", () => {
  it("the document as it is imports without errors (so the mutations below start from a valid one)", async () => {
    const res = await importDryRun(validDocument());
    assert.equal(res.status, 200, res.text);
    assert.deepEqual((res.body as { errors: unknown[] }).errors, []);
  });

  /** The answer is 200 with a list of errors, or the control API's own refusal of text it never stores. */
  const answered = (res: { status: number; body: unknown; text: string }, what: string) => {
    assertNot5xx(res.status, what, res.text);
    // The control API refuses text it never stores (NUL, a lone surrogate) in any parameter: 400 code 3.
    if (res.status === 400) return assert.equal((res.body as { code: number }).code, 3, res.text);
    assert.equal(res.status, 200, `${what}: ${res.text.slice(0, 300)}`);
    assert.ok(Array.isArray((res.body as { errors: unknown[] }).errors), res.text.slice(0, 300));
  };

  it("every edge value at every leaf of the document, one at a time", async () => {
    const before = storeState(emu);
    const doc = validDocument();
    const leaves = paths(doc).filter((p) => {
      const v = getAt(doc, p);
      return v === null || typeof v !== "object";
    });
    for (const path of leaves)
      for (const value of EDGE_VALUES) answered(await importDryRun(setAt(validDocument(), path, value)), `${path.join(".")} = ${JSON.stringify(value)}`);
    assert.equal(storeState(emu), before, "a dry run stored something");
  });

  it("any value at any place: 200 with errors or a dry run that stores nothing", async () => {
    const before = storeState(emu);
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.oneof(edgeValue, hostileJson), async (i, value) => {
        const doc = validDocument();
        const all = paths(doc);
        const res = await importDryRun(setAt(doc, all[i % all.length]!, value as Json));
        answered(res, "dry-run import");
      }),
      fuzzParams("import values", 300),
    );
    assert.equal(storeState(emu), before, "a dry run stored something");
    await assertAlive(emu);
  });
});
