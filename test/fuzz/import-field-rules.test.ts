// Property (issue 24, item 2): every field rule the resource API declares in proto/ holds for the
// same field arriving by import. For each DataOrg field bound to a resource API field
// (migration/document-rules.ts), the rules declared on that field are read from its descriptor,
// and fast-check generates values that break each one (too short, too long, off-pattern, not an
// e-mail, without the prefix, not a URI, too few items, a bad item, a required part left out) inside
// an otherwise valid document. The admin ImportData (REST) must report each with its document path
// and the rule's id, and store nothing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { getOption, hasOption, type DescField } from "@bufbuild/protobuf";
import { rules as fieldRules, type StringRules } from "../../emulator/src/gen/validate/validate_pb.js";
import { DOCUMENT_FIELD_RULES } from "../../emulator/src/migration/document-rules.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { assertUnchanged, fuzzParams, storeState } from "./fuzz-kit.js";

const emu = await startTestEmulator();

type Json = Record<string, unknown>;
const ID = (n: number) => `72450000000000${String(n).padStart(4, "0")}`;
const [ORG, ORG_B, HUMAN, MACHINE, PROJECT, OIDC, API, GRANT] = [1, 2, 3, 4, 5, 6, 7, 8].map(ID);

/** A document with one item in every part that has bound fields, valid as it is. */
function base(): { orgs: Json[] } {
  return {
    orgs: [
      {
        orgId: ORG,
        org: { name: "Rules A" },
        domains: [{ domainName: "rules-a.example" }],
        humanUsers: [
          {
            userId: HUMAN,
            user: {
              userName: "rules-human",
              profile: { firstName: "Rule", lastName: "Human", nickName: "rh", displayName: "Rule Human", preferredLanguage: "de" },
              email: { email: "rules@acme.example" },
              phone: { phone: "+41 79 000 00 00" },
              password: "Password1!",
            },
          },
        ],
        machineUsers: [{ userId: MACHINE, user: { userName: "rules-machine", name: "Machine", description: "m" } }],
        projects: [{ projectId: PROJECT, project: { name: "Rules project" } }],
        projectRoles: [{ projectId: PROJECT, roleKey: "reader", displayName: "Reader", group: "g" }],
        oidcApps: [
          {
            appId: OIDC,
            app: { projectId: PROJECT, name: "Web", redirectUris: ["http://localhost:3000/cb"], postLogoutRedirectUris: ["http://localhost:3000/"] },
          },
        ],
        apiApps: [{ appId: API, app: { projectId: PROJECT, name: "Api" } }],
        projectGrants: [{ grantId: GRANT, projectGrant: { projectId: PROJECT, grantedOrgId: ORG_B, roleKeys: ["reader"] } }],
        userGrants: [{ userId: HUMAN, projectId: PROJECT, roleKeys: ["reader"] }],
        orgMembers: [{ userId: HUMAN, roles: ["ORG_OWNER"] }],
        projectMembers: [{ projectId: PROJECT, userId: HUMAN, roles: ["PROJECT_OWNER"] }],
        projectGrantMembers: [{ projectId: PROJECT, grantId: GRANT, userId: HUMAN, roles: ["PROJECT_GRANT_OWNER"] }],
      },
      { orgId: ORG_B, org: { name: "Rules B" } },
    ],
  };
}

const importDoc = (doc: unknown, mode = "atomic") =>
  request(`${emu.url}/admin/v1/import`, {
    method: "POST",
    token: emu.adminPat,
    headers: { "x-svc-import-mode": mode },
    json: { dataOrgsv1: doc, timeout: "1m" },
  });

const letters = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: min, maxLength: max });

/** Values of a string field that break exactly one of its rules `s` (the others hold), each with that rule's name. */
function stringBreakers(s: StringRules): [string, fc.Arbitrary<string>][] {
  const min = Number(s.minLen);
  const max = s.maxLen ? Number(s.maxLen) : 200;
  const out: [string, fc.Arbitrary<string>][] = [];
  if (min > 0) out.push(["string.min_len", letters(0, min - 1)]);
  if (s.maxLen) out.push(["string.max_len", letters(max + 1, max + 40)]);
  const inBounds = (v: string) => v.length >= Math.max(min, 1) && v.length <= max;
  if (s.pattern) {
    const re = new RegExp(s.pattern, "u");
    out.push(["string.pattern", fc.string({ minLength: 1, maxLength: 30 }).filter((v) => inBounds(v) && !re.test(v))]);
  }
  if (s.prefix) out.push(["string.prefix", letters(1, Math.min(max, 30)).filter((v) => inBounds(v) && !v.startsWith(s.prefix))]);
  if (s.wellKnown.case === "email") out.push(["string.email", letters(Math.max(min, 1), Math.min(max, 40))]);
  if (s.wellKnown.case === "uri") out.push(["string.uri", letters(1, 40).map((v) => `${v} no scheme`)]);
  return out;
}

interface Case {
  part: string;
  path: string;
  rule: string;
  /** Where the error is reported, below the item. */
  errorPath: string;
  /** The breaking change: a value for the path, or undefined to leave the field out. */
  value: fc.Arbitrary<unknown>;
}

/** The cases of one bound field, from the rules its descriptor declares. */
function casesOf(part: string, path: string, field: DescField): Case[] {
  const r = hasOption(field, fieldRules) ? getOption(field, fieldRules) : undefined;
  if (!r) return [];
  if (field.fieldKind === "message")
    return r.message?.required ? [{ part, path, rule: "message.required", errorPath: path, value: fc.constant(undefined) }] : [];
  if (field.fieldKind === "list" && r.type.case === "repeated") {
    const rep = r.type.value;
    const cases: Case[] = [];
    if (rep.minItems > 0n) cases.push({ part, path, rule: "repeated.min_items", errorPath: path, value: fc.constant([]) });
    if (rep.items?.type.case === "string")
      for (const [rule, bad] of stringBreakers(rep.items.type.value)) cases.push({ part, path, rule, errorPath: `${path}[0]`, value: bad.map((v) => [v]) });
    return cases;
  }
  if (r.type.case === "string") return stringBreakers(r.type.value).map(([rule, bad]) => ({ part, path, rule, errorPath: path, value: bad }));
  return [];
}

const CASES = Object.entries(DOCUMENT_FIELD_RULES).flatMap(([part, bindings]) => bindings.flatMap(([path, field]) => casesOf(part, path, field)));

/** `doc` with the change at `part`'s first item (the org itself for "org"), `path` below it. */
function broken(part: string, path: string, value: unknown): { orgs: Json[] } {
  const doc = base();
  const org = doc.orgs[0]!;
  let node = (part === "org" ? org : (org[part] as Json[])[0]!) as Json;
  const keys = path.split(".");
  for (const k of keys.slice(0, -1)) node = node[k] as Json;
  if (value === undefined) delete node[keys.at(-1)!];
  else node[keys.at(-1)!] = value;
  return doc;
}

describe("the org import applies every field rule the resource API declares (fast-check)", () => {
  it("covers a rule of every bound field and every kind of rule the bound fields declare", () => {
    const bound = Object.entries(DOCUMENT_FIELD_RULES).flatMap(([part, b]) => b.map(([path]) => `${part}:${path}`));
    const covered = new Set(CASES.map((c) => `${c.part}:${c.path}`));
    assert.deepEqual(
      bound.filter((b) => !covered.has(b)),
      [],
      "every bound field has a declared rule to break",
    );
    assert.deepEqual([...new Set(CASES.map((c) => c.rule))].sort(), [
      "message.required",
      "repeated.min_items",
      "string.email",
      "string.max_len",
      "string.min_len",
      "string.pattern",
      "string.prefix",
      "string.uri",
    ]);
  });

  it("the valid document imports without errors (dry run of the control API: nothing kept)", async () => {
    const res = await controlApi(emu).importDocument({ query: { dryRun: true }, body: { document: base() } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.errors, []);
  });

  for (const c of CASES) {
    it(`${c.part}: ${c.path} breaking ${c.rule} is refused at its path, nothing stored`, async () => {
      const prefix = c.part === "org" ? "orgs[0]" : `orgs[0].${c.part}[0]`;
      await fc.assert(
        fc.asyncProperty(c.value, async (value) => {
          const before = storeState(emu);
          // Best effort: even the product's partial import must not store an item that breaks a rule.
          for (const mode of ["atomic", "best-effort"]) {
            const res = await importDoc(broken(c.part, c.path, value), mode);
            assert.equal(res.status, 200, res.text.slice(0, 300));
            const errors = (res.body as { errors?: { path: string; message: string }[] }).errors ?? [];
            const error = errors.find((e) => e.path === `${prefix}.${c.errorPath}`);
            assert.ok(error, `${mode}: no error at ${prefix}.${c.errorPath} in ${JSON.stringify(errors).slice(0, 500)}`);
            assert.match(error.message, new RegExp(`^ID=VALIDATE-${c.rule.replace(".", "\\.")} Message=`));
            assertUnchanged(emu, before, `${mode}: an import breaking ${c.rule} at ${c.path}`);
          }
        }),
        fuzzParams(`import-rule ${c.part} ${c.path} ${c.rule}`, 3),
      );
    });
  }
});
