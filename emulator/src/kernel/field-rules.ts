// Field rules declared in proto/ with protoc-gen-validate annotations (`validate.rules`,
// `validate.required`), the ones the real product uses. No maintained JavaScript runtime reads
// them, so this module interprets the subset that matters for the API: string lengths, pattern,
// prefix, const/in, URI and email; integer bounds; defined enums; bool const; required messages and
// oneofs; repeated item counts and item rules. A violation is InvalidArgument (400, code 3) naming
// the field path and the rule. The same rules also check one field's value given as proto3 JSON
// (`fieldValueViolation`): the org import applies the resource API's rules to the document's fields
// of the same meaning with it (migration/document-rules.ts), so each rule has one definition.

import { getOption, hasOption, isFieldSet, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import { FeatureSet_FieldPresence } from "@bufbuild/protobuf/wkt";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import {
  BoolRulesSchema,
  Int32RulesSchema,
  Int64RulesSchema,
  StringRulesSchema,
  UInt32RulesSchema,
  UInt64RulesSchema,
  required as oneofRequired,
  rules as fieldRules,
  type FieldRules,
  type StringRules,
} from "../gen/validate/validate_pb.js";
import { Code, SvcError } from "./errors.js";

export interface Violation {
  path: string;
  rule: string;
  reason: string;
}

/** Throws InvalidArgument for the first rule the message breaks. */
export function validateFieldRules(schema: DescMessage, message: Message): void {
  const v = checkMessage(reflect(schema, message), schema.name);
  if (v) throw new SvcError(Code.InvalidArgument, `VALIDATE-${v.rule}`, `invalid ${v.path}: ${v.reason} [${v.rule}]`);
}

function checkMessage(msg: ReflectMessage, path: string): Violation | undefined {
  for (const oneof of msg.desc.oneofs) {
    if (hasOption(oneof, oneofRequired) && getOption(oneof, oneofRequired) && !msg.oneofCase(oneof)) {
      return { path: `${path}.${oneof.name}`, rule: "oneof.required", reason: "exactly one field is required in oneof" };
    }
  }
  for (const field of msg.desc.fields) {
    const v = checkField(msg, field, `${path}.${field.name}`);
    if (v) return v;
  }
  return undefined;
}

function checkField(msg: ReflectMessage, field: DescField, path: string): Violation | undefined {
  const rules = hasOption(field, fieldRules) ? getOption(field, fieldRules) : undefined;
  const set = msg.isSet(field);
  switch (field.fieldKind) {
    case "message":
      if (!set) return rules?.message?.required ? { path, rule: "message.required", reason: "value is required" } : undefined;
      return checkMessage(msg.get(field) as ReflectMessage, path);
    case "list":
      return checkList(msg, field, rules, path);
    case "map":
      return undefined;
    default:
      // Oneof members and fields with explicit presence are checked only when set; implicit proto3
      // fields always (a min_len of 1 rejects the empty string, as in the product).
      if (!rules) return undefined;
      if ((field.oneof || field.presence === FeatureSet_FieldPresence.EXPLICIT) && !set) return undefined;
      return checkScalar(rules, msg.get(field), path, field);
  }
}

function checkList(msg: ReflectMessage, field: DescField & { fieldKind: "list" }, rules: FieldRules | undefined, path: string): Violation | undefined {
  const items = [...msg.get(field)];
  return checkRepeated(rules, items, path, field, (item, itemPath) =>
    field.listKind === "message" ? checkMessage(item as ReflectMessage, itemPath) : undefined,
  );
}

/** Item counts, then each item: the rules of scalar items, or `checkItem` (a message item's own fields). */
function checkRepeated(
  rules: FieldRules | undefined,
  items: unknown[],
  path: string,
  field: DescField,
  checkItem: (item: unknown, path: string) => Violation | undefined,
): Violation | undefined {
  const rep = rules?.type.case === "repeated" ? rules.type.value : undefined;
  if (rep?.minItems && BigInt(items.length) < rep.minItems) {
    return { path, rule: "repeated.min_items", reason: `value must contain at least ${rep.minItems} item(s)` };
  }
  if (rep?.maxItems && BigInt(items.length) > rep.maxItems) {
    return { path, rule: "repeated.max_items", reason: `value must contain no more than ${rep.maxItems} item(s)` };
  }
  for (const [i, item] of items.entries()) {
    const itemPath = `${path}[${i}]`;
    const v = checkItem(item, itemPath) ?? (rep?.items ? checkScalar(rep.items, item, itemPath, field) : undefined);
    if (v) return v;
  }
  return undefined;
}

/**
 * The first rule of `field` that `value` breaks, the value given as proto3 JSON (undefined: left
 * out). A message field is checked for `required` only; a list for its item count and its scalar
 * items' rules; a scalar field left out is its default, as in a decoded message (implicit presence),
 * and not checked when it has explicit presence. Enum and 64-bit values are not read from JSON here.
 */
export function fieldValueViolation(field: DescField, value: unknown, path: string): Violation | undefined {
  const rules = hasOption(field, fieldRules) ? getOption(field, fieldRules) : undefined;
  if (!rules) return undefined;
  switch (field.fieldKind) {
    case "message":
      return value === undefined && rules.message?.required ? { path, rule: "message.required", reason: "value is required" } : undefined;
    case "list":
      return checkRepeated(rules, Array.isArray(value) ? value : [], path, field, () => undefined);
    case "scalar":
      if (value === undefined && (field.oneof || field.presence === FeatureSet_FieldPresence.EXPLICIT)) return undefined;
      if (rules.type.case === "string") return checkString(rules.type.value, typeof value === "string" ? value : "", path);
      if (rules.type.case === "bool") return checkScalar(rules, value ?? false, path, field);
      return undefined;
    default:
      return undefined;
  }
}

const NUMERIC_SCHEMAS = { int32: Int32RulesSchema, int64: Int64RulesSchema, uint32: UInt32RulesSchema, uint64: UInt64RulesSchema } as const;

function checkScalar(r: FieldRules, value: unknown, path: string, field: DescField): Violation | undefined {
  switch (r.type.case) {
    case "string":
      return checkString(r.type.value, String(value), path);
    case "bool":
      if (isFieldSet(r.type.value, BoolRulesSchema.field.const) && value !== r.type.value.const) {
        return { path, rule: "bool.const", reason: `value must equal ${String(r.type.value.const)}` };
      }
      return undefined;
    case "enum": {
      const e = r.type.value;
      if (e.definedOnly && field.enum && !field.enum.values.some((v) => v.number === value)) {
        return { path, rule: "enum.defined_only", reason: "value must be one of the defined enum values" };
      }
      if (e.notIn.includes(value as number)) return { path, rule: "enum.not_in", reason: `value must not be in list [${e.notIn.join(", ")}]` };
      if (e.in.length && !e.in.includes(value as number)) return { path, rule: "enum.in", reason: `value must be in list [${e.in.join(", ")}]` };
      return undefined;
    }
    case "int32":
    case "int64":
    case "uint32":
    case "uint64":
      return checkNumber(r.type.case, r.type.value, BigInt(value as number | bigint), path);
    default:
      return undefined;
  }
}

type NumericKind = keyof typeof NUMERIC_SCHEMAS;

function checkNumber(
  kind: NumericKind,
  bounds: Message & { gt?: number | bigint; gte?: number | bigint; lt?: number | bigint; lte?: number | bigint },
  n: bigint,
  path: string,
): Violation | undefined {
  const schema = NUMERIC_SCHEMAS[kind] as DescMessage;
  const has = (name: string) => isFieldSet(bounds, schema.fields.find((f) => f.localName === name)!);
  if (has("gt") && !(n > BigInt(bounds.gt!))) return { path, rule: `${kind}.gt`, reason: `value must be greater than ${bounds.gt}` };
  if (has("gte") && n < BigInt(bounds.gte!)) return { path, rule: `${kind}.gte`, reason: `value must be greater than or equal to ${bounds.gte}` };
  if (has("lt") && !(n < BigInt(bounds.lt!))) return { path, rule: `${kind}.lt`, reason: `value must be less than ${bounds.lt}` };
  if (has("lte") && n > BigInt(bounds.lte!)) return { path, rule: `${kind}.lte`, reason: `value must be less than or equal to ${bounds.lte}` };
  return undefined;
}

/** Code points, counted without making an array of them (an import may bring a 20 MB name). */
function runes(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function checkString(s: StringRules, value: string, path: string): Violation | undefined {
  const has = (name: keyof typeof StringRulesSchema.field) => isFieldSet(s, StringRulesSchema.field[name]);
  const len = runes(value);
  if (has("minLen") && has("maxLen") && (len < s.minLen || len > s.maxLen)) {
    const rule = len < s.minLen ? "string.min_len" : "string.max_len";
    return { path, rule, reason: `value length must be between ${s.minLen} and ${s.maxLen} runes, inclusive` };
  }
  if (has("minLen") && len < s.minLen) return { path, rule: "string.min_len", reason: `value length must be at least ${s.minLen} runes` };
  if (has("maxLen") && len > s.maxLen) return { path, rule: "string.max_len", reason: `value length must be at most ${s.maxLen} runes` };
  if (has("len") && BigInt(len) !== s.len) return { path, rule: "string.len", reason: `value length must be ${s.len} runes` };
  if (has("const") && value !== s.const) return { path, rule: "string.const", reason: `value must equal ${JSON.stringify(s.const)}` };
  if (has("pattern") && !new RegExp(s.pattern, "u").test(value)) {
    return { path, rule: "string.pattern", reason: `value does not match regex pattern ${JSON.stringify(s.pattern)}` };
  }
  if (has("prefix") && !value.startsWith(s.prefix)) return { path, rule: "string.prefix", reason: `value does not have prefix ${JSON.stringify(s.prefix)}` };
  if (s.in.length && !s.in.includes(value)) return { path, rule: "string.in", reason: `value must be in list [${s.in.join(", ")}]` };
  if (s.wellKnown.case === "uri" && s.wellKnown.value && !isAbsoluteUri(value)) return { path, rule: "string.uri", reason: "value must be an absolute URI" };
  if (s.wellKnown.case === "email" && s.wellKnown.value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return { path, rule: "string.email", reason: "value must be a valid email address" };
  }
  return undefined;
}

function isAbsoluteUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value);
}
