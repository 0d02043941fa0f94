// Validation of a whole import document before anything is written: the proto3 JSON shape
// (document-shape.ts, read from the generated DataOrg descriptors: types, unknown fields, enum
// values; snake_case names read as lowerCamel), the resource API's field rules on the fields of the same meaning (document-rules.ts: required parts,
// lengths, patterns, e-mail, URIs, item counts, declared in proto/), and the product's own rules of
// the import (wire-facts 7.3: phone, preferred language, usable password hashes, IDP links, states).
// Every problem is reported, each with the product's error type and id and a path into the document.
// The answer is the document normalised: lowerCamel names, enums by name, free-form parts left out.

import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import { base64Decode } from "@bufbuild/protobuf/wire";
import { DurationSchema, TimestampSchema } from "@bufbuild/protobuf/wkt";
import type { Violation } from "../kernel/field-rules.js";
import { jsonDepth } from "../kernel/json-depth.js";
import { malformedText } from "../kernel/text.js";
import { SUPPORTED_LANGUAGES } from "../domain/settings/language.js";
import { unusableHash } from "../domain/user/password-hash.js";
import { ERROR_TYPES, itemId } from "./import-ids.js";
import { documentRuleViolations } from "./document-rules.js";
import { dataOrgShape, type Fields, type Spec } from "./document-shape.js";

export interface ImportError {
  type: string;
  id: string;
  message: string;
  path: string;
}

type Obj = Record<string, unknown>;
/** The nesting a free-form part ("object") may have: deeper documents are refused, not walked. */
const MAX_DEPTH = 32;
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const runes = (v: unknown) => (typeof v === "string" ? [...v].length : 0);
const invalid = (path: string, text: string) => `ID=IMPORT-invalid Message=${path}: ${text}`;
/** Whether `read` returns without throwing. */
const reads = (read: () => unknown) => {
  try {
    read();
    return true;
  } catch {
    return false;
  }
};

interface Where {
  type: string;
  id: string;
  errors: ImportError[];
}

/** A null inside a list: proto3 JSON has null for a field's default, never for an item of a repeated field. */
function nullItem(path: string, at: Where): undefined {
  at.errors.push({ type: at.type, id: at.id, message: invalid(path, "a list item cannot be null"), path });
  return undefined;
}

/** Checks `value` against `spec`; returns it normalised, or undefined when it is wrong (reported). */
function walk(value: unknown, spec: Spec, path: string, at: Where): unknown {
  const fail = (text: string) => {
    at.errors.push({ type: at.type, id: at.id, message: invalid(path, text), path });
    return undefined;
  };
  if (value === null) return undefined; // proto3 JSON: null is the field's default
  if (typeof spec === "object" && "list" in spec) {
    if (!Array.isArray(value)) return fail("expected a list");
    return value.map((v, i) => (v === null ? nullItem(`${path}[${i}]`, at) : walk(v, spec.list, `${path}[${i}]`, at)));
  }
  if (typeof spec === "object" && "enum" in spec) {
    if (typeof value === "string" && value !== "" && spec.enum.includes(value)) return value;
    if (typeof value === "number" && Number.isInteger(value) && spec.enum[value]) return spec.enum[value];
    return fail(`expected one of ${spec.enum.filter(Boolean).join(", ")}`);
  }
  if (typeof spec === "object") return isObj(value) ? walkFields(value, spec.fields, path, at) : fail("expected an object");
  switch (spec) {
    case "string": {
      if (typeof value !== "string") return fail("expected a string");
      // Proto3 text, as on every other surface: a lone surrogate ("\ud800") or NUL is not stored.
      const bad = malformedText(value);
      return bad ? fail(bad.reason) : value;
    }
    case "bool":
      return typeof value === "boolean" ? value : fail("expected true or false");
    case "uint": {
      const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : fail("expected an unsigned integer");
    }
    // Checked by protobuf's own reading of proto3 JSON, which reads the checked document into messages (document-org.ts).
    case "bytes":
      return typeof value === "string" && /^[A-Za-z0-9+/_-]*={0,2}$/.test(value) && reads(() => base64Decode(value)) ? value : fail("expected base64 bytes");
    case "duration":
      return typeof value === "string" && /^-?\d+(\.\d{1,9})?s$/.test(value) && reads(() => fromJson(DurationSchema, value))
        ? value
        : fail('expected a duration like "30s"');
    case "timestamp":
      return reads(() => fromJson(TimestampSchema, value as JsonValue)) ? value : fail("expected an RFC 3339 timestamp");
    case "object":
      // Read and not kept: checked, and left out of the normalised document.
      if (typeof value !== "object" && typeof value !== "string" && typeof value !== "number") return fail("expected an object");
      if (jsonDepth(value, MAX_DEPTH) > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`);
      return undefined;
  }
}

function walkFields(value: Obj, fields: Fields, path: string, at: Where): Obj {
  const out: Obj = {};
  for (const [raw, v] of Object.entries(value)) {
    const name = camel(raw);
    const spec = fields[name];
    const p = `${path}.${name}`;
    if (!spec) {
      at.errors.push({ type: at.type, id: at.id, message: invalid(p, "unknown field"), path: p });
      continue;
    }
    const normalised = walk(v, spec, p, at);
    if (normalised !== undefined) out[name] = normalised;
  }
  return out;
}

type Rule = (item: Obj, check: (path: string, ok: boolean, text: string) => void) => void;
const sub = (o: Obj, k: string): Obj => (isObj(o[k]) ? (o[k] as Obj) : {});
const len = (check: (p: string, ok: boolean, t: string) => void, p: string, v: unknown, min: number, max: number) =>
  check(p, runes(v) >= min && runes(v) <= max, min ? `must have ${min} to ${max} characters` : `must have at most ${max} characters`);

/** A user's state the emulator has no such state for (it has active, inactive and locked): refused, not imported as something else. */
const userStateRule: Rule = (item, check) =>
  check(
    "state",
    item.state !== "USER_STATE_DELETED" && item.state !== "USER_STATE_SUSPEND",
    "cannot be imported: the emulator's users are active, inactive or locked",
  );

/**
 * The product's own rules of the import (wire-facts 7.3) beyond the resource API's (document-rules.ts),
 * as paths below the item. Lengths, required parts and formats the resource API declares are not repeated here.
 */
const RULES: Readonly<Record<string, Rule>> = {
  humanUsers(item, check) {
    userStateRule(item, check);
    const u = sub(item, "user");
    const p = sub(u, "profile");
    const lang = typeof p.preferredLanguage === "string" ? p.preferredLanguage : "";
    check(
      "user.profile.preferredLanguage",
      lang === "" || SUPPORTED_LANGUAGES.includes(lang.split(/[-_]/)[0]!.toLowerCase()),
      `is not a supported language (${SUPPORTED_LANGUAGES.join(", ")})`,
    );
    const phone = sub(u, "phone").phone;
    if (isObj(u.phone))
      check("user.phone.phone", typeof phone === "string" && /^\+[0-9 ()-]{1,49}$/.test(phone), 'must start with "+" and have 2 to 50 characters');
    const hash = sub(u, "hashedPassword").value;
    if (typeof hash === "string" && hash !== "") {
      const why = unusableHash(hash);
      check("user.hashedPassword.value", !why, why ?? "");
    }
    (Array.isArray(u.idps) ? u.idps : []).forEach((link: unknown, i) => {
      const l = isObj(link) ? link : {};
      len(check, `user.idps[${i}].configId`, l.configId, 1, 200);
      len(check, `user.idps[${i}].externalUserId`, l.externalUserId, 1, 200);
    });
  },
  machineUsers: userStateRule,
  userMetadata: (item, check) => len(check, "key", item.key, 1, 200),
};

/** Reports the bound rules `item` of `part` breaks (document-rules.ts), with the rule's id, at `path` + the rule's path. */
function reportBound(part: string, item: Obj, path: string, at: Where): void {
  for (const v of documentRuleViolations(part, item)) {
    const p = `${path}.${v.path}`;
    if (!at.errors.some((e) => e.path === p)) at.errors.push({ type: at.type, id: at.id, message: boundMessage(p, v), path: p });
  }
}
const boundMessage = (path: string, v: Violation) => `ID=VALIDATE-${v.rule} Message=${path}: ${v.reason}`;

/**
 * How deep a whole document may nest: a valid one reaches about 40 levels (an org's parts, items,
 * and a free-form part of at most MAX_DEPTH). Deeper, it is not a document the engine can take.
 */
export const DOCUMENT_MAX_DEPTH = 64;

/** Why `document` cannot be taken as a document at all (not an object, or nested too deep); undefined when it can be validated. */
export function documentRefusal(document: unknown): string | undefined {
  if (!isObj(document))
    return `must be an object { "orgs": [...] }, not ${Array.isArray(document) ? "a list" : document === null ? "null" : `a ${typeof document}`}`;
  if (jsonDepth(document, DOCUMENT_MAX_DEPTH) > DOCUMENT_MAX_DEPTH) return `is nested deeper than ${DOCUMENT_MAX_DEPTH} levels`;
  return undefined;
}

/** Validates the document; `doc` is the normalised document when there are no errors. */
export function validateImport(document: unknown): { errors: ImportError[]; doc?: { orgs: Obj[] } } {
  const errors: ImportError[] = [];
  const top = (path: string, text: string) => errors.push({ type: "org", id: "", message: invalid(path, text), path });
  const refusal = documentRefusal(document);
  if (refusal || !isObj(document)) return (top("", `the document ${refusal}`), { errors });
  for (const k of Object.keys(document)) if (k !== "orgs") top(`.${k}`, "unknown field");
  // proto3 JSON leaves an empty list out (gRPC's decoded `{orgs: []}` is `{}`): no orgs, not an error.
  if (document.orgs !== undefined && document.orgs !== null && !Array.isArray(document.orgs)) top(".orgs", "expected a list of organizations");
  const orgs = (Array.isArray(document.orgs) ? document.orgs : []).map((raw: unknown, i) => validateOrg(raw, `orgs[${i}]`, errors));
  return errors.length ? { errors } : { errors, doc: { orgs } };
}

/** One DataOrg: each part walked with its own error type and each item with its product id. */
function validateOrg(raw: unknown, path: string, errors: ImportError[]): Obj {
  const out: Obj = {};
  const shape = dataOrgShape();
  if (!isObj(raw)) return (errors.push({ type: "org", id: "", message: invalid(path, "expected an object"), path }), out);
  const orgId = typeof raw.orgId === "string" ? raw.orgId : typeof raw.org_id === "string" ? raw.org_id : "";
  for (const [rawName, v] of Object.entries(raw)) {
    const name = camel(rawName);
    const spec = shape[name];
    const type = ERROR_TYPES[name] ?? "org";
    const p = `${path}.${name}`;
    if (!spec) {
      errors.push({ type: "org", id: orgId, message: invalid(p, "unknown field"), path: p });
      continue;
    }
    if (!(typeof spec === "object" && "list" in spec)) {
      const shaped = walk(v, spec, p, { type, id: orgId, errors });
      if (shaped !== undefined) out[name] = shaped;
      continue;
    }
    if (!Array.isArray(v)) {
      if (v !== null) errors.push({ type, id: orgId, message: invalid(p, "expected a list"), path: p });
      continue;
    }
    out[name] = v.map((item: unknown, j) => {
      const at = { type, id: isObj(item) ? itemId(name, orgId, item) : orgId, errors };
      if (item === null) return nullItem(`${p}[${j}]`, at);
      const shaped = walk(item, spec.list, `${p}[${j}]`, at);
      if (isObj(shaped)) reportBound(name, shaped, `${p}[${j}]`, at);
      const rule = RULES[name];
      if (rule && isObj(shaped))
        rule(shaped, (rel, ok, text) => {
          const rp = `${p}[${j}].${rel}`;
          // A field of the wrong type was reported by the walk already.
          if (!ok && !errors.some((e) => e.path === rp)) errors.push({ type, id: at.id, message: invalid(rp, text), path: rp });
        });
      return shaped;
    });
  }
  reportBound("org", out, path, { type: "org", id: orgId, errors });
  if (out.orgState === "ORG_STATE_REMOVED")
    errors.push({ type: "org", id: orgId, message: invalid(`${path}.orgState`, "a removed organization cannot be imported"), path: `${path}.orgState` });
  return out;
}
