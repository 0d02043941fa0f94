// JSON shaped by a proto message descriptor, for fuzzing the REST adapter past its JSON parser: every
// field by its JSON or proto name, values of the right kind mixed with wrong types and hostile text.

import fc from "fast-check";
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { hostileJson, hostileString } from "./fuzz-kit.js";

const boundaryInts = fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, "9223372036854775808", "-9223372036854775809", "1e3", 1.5);

function scalar(t: ScalarType): fc.Arbitrary<unknown> {
  switch (t) {
    case ScalarType.STRING:
      return hostileString;
    case ScalarType.BOOL:
      return fc.constantFrom(true, false, "true", 0, null);
    case ScalarType.BYTES:
      return fc.oneof(fc.base64String({ maxLength: 40 }), hostileString);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return fc.oneof(fc.double(), fc.constantFrom("NaN", "Infinity", "-Infinity", "1e400"));
    default:
      return fc.oneof(fc.integer(), boundaryInts);
  }
}

/** Well-known types whose JSON is a string (or any value): fuzz them as text and values. */
const WELL_KNOWN_AS_VALUE = new Set([
  "google.protobuf.Duration",
  "google.protobuf.Timestamp",
  "google.protobuf.Struct",
  "google.protobuf.Value",
  "google.protobuf.FieldMask",
  "google.protobuf.Any",
]);

function fieldValue(f: DescField, depth: number): fc.Arbitrary<unknown> {
  const wrong = hostileJson;
  let right: fc.Arbitrary<unknown>;
  const one = (kind: "scalar" | "enum" | "message", sc?: ScalarType, desc?: DescMessage, en?: { values: { name: string; number: number }[] }) => {
    if (kind === "scalar") return scalar(sc!);
    if (kind === "enum")
      return fc.oneof(fc.constantFrom(...en!.values.map((v) => v.name)), fc.constantFrom(...en!.values.map((v) => v.number)), fc.integer(), hostileString);
    return messageArbitrary(desc!, depth + 1);
  };
  switch (f.fieldKind) {
    case "scalar":
      right = one("scalar", f.scalar);
      break;
    case "enum":
      right = one("enum", undefined, undefined, f.enum);
      break;
    case "message":
      right = one("message", undefined, f.message);
      break;
    case "list":
      right = fc.array(one(f.listKind, f.scalar, f.listKind === "message" ? f.message : undefined, f.listKind === "enum" ? f.enum : undefined), {
        maxLength: 4,
      });
      break;
    case "map":
      right = fc.dictionary(
        hostileString,
        one(f.mapKind, f.scalar, f.mapKind === "message" ? f.message : undefined, f.mapKind === "enum" ? f.enum : undefined),
        {
          maxKeys: 3,
        },
      );
      break;
  }
  return fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

/** An object for `desc`: a random subset of its fields, each under its JSON or its proto name. */
export function messageArbitrary(desc: DescMessage, depth = 0): fc.Arbitrary<unknown> {
  const key = `${desc.typeName}@${depth}`;
  let arb = memo.get(key);
  if (!arb) memo.set(key, (arb = build(desc, depth)));
  return arb;
}

const memo = new Map<string, fc.Arbitrary<unknown>>();

function build(desc: DescMessage, depth: number): fc.Arbitrary<unknown> {
  if (WELL_KNOWN_AS_VALUE.has(desc.typeName)) return fc.oneof(hostileString, hostileJson);
  if (depth > 3 || desc.fields.length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of desc.fields) model[f.jsonName] = fieldValue(f, depth);
  return fc.tuple(fc.record(model, { requiredKeys: [] }), fc.boolean()).map(([obj, protoNames]) => {
    if (!protoNames) return obj;
    const byJson = new Map(desc.fields.map((f) => [f.jsonName, f.name]));
    return Object.fromEntries(Object.entries(obj as Record<string, unknown>).map(([k, v]) => [byJson.get(k) ?? k, v]));
  });
}

/** Query parameter names the adapter may read for `desc`: its fields and one level of nested fields. */
export function queryNames(desc: DescMessage): string[] {
  const names: string[] = [];
  for (const f of desc.fields) {
    names.push(f.name, f.jsonName);
    if (f.fieldKind === "message" && !WELL_KNOWN_AS_VALUE.has(f.message.typeName)) for (const g of f.message.fields) names.push(`${f.name}.${g.name}`);
  }
  return [...new Set(names)];
}
