// The shape of an import document (proto3 JSON of ImportDataOrg, wire-facts 7.2, 7.3), read from the
// generated descriptors: every field of the v1 DataOrg, then the admin DataOrg's fields of other
// names (domainPolicy, orgState, the OTP message texts), so an export imports as is. Only what the
// product reads beyond its proto is written here (EXTRA_FIELDS). Names are the fields' JSON names
// (lowerCamel; validate-import.ts also reads the snake_case ones); enums read by name or number.

import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { DataOrgSchema as AdminDataOrgSchema } from "../gen/svc/admin/v1/admin_pb.js";
import { DataOrgSchema } from "../gen/svc/v1/v1/data_org_pb.js";

export type Spec =
  | "string"
  | "bool"
  | "uint"
  | "bytes"
  | "duration"
  | "timestamp"
  /** A message the emulator keeps nothing of (texts, login version): any JSON object, depth-checked. */
  | "object"
  /** Names by number; "" marks a number the enum does not have. */
  | { enum: readonly string[] }
  | { fields: Fields }
  | { list: Spec };
export type Fields = Readonly<Record<string, Spec>>;

/** Fields the product's files carry that its proto does not declare (or not in one type), per message. */
const EXTRA_FIELDS: Readonly<Record<string, Fields>> = {
  // The product's field 19, login_version: the emulator has one login, so it is read and not kept.
  "svc.v1.v1.AddOIDCAppRequest": { loginVersion: "object" },
  // Field 2 was removed from the product's proto; old exports still carry it and it is ignored.
  "svc.v1.v1.ImportHumanUserRequest.HashedPassword": { algorithm: "string" },
  // v1 names the flow and trigger as enums, management's SetTriggerActionsRequest (the admin DataOrg's) as strings: either reads.
  "svc.v1.v1.SetTriggerActionsRequest": { flowType: "object", triggerType: "object" },
  // Not carried (docs/behaviour.md "Org import"): any value of the product's versions reads.
  "svc.v1.v1.AddSecondFactorToLoginPolicyRequest": { type: "object" },
  "svc.v1.v1.AddMultiFactorToLoginPolicyRequest": { type: "object" },
  "svc.v1.v1.Domain": { details: "object" },
};

/** Well-known messages read as one JSON value. */
const WELL_KNOWN: Readonly<Record<string, Spec>> = {
  "google.protobuf.Duration": "duration",
  "google.protobuf.Timestamp": "timestamp",
  "google.protobuf.Struct": "object",
};

const SCALARS: Partial<Record<ScalarType, Spec>> = {
  [ScalarType.STRING]: "string",
  [ScalarType.BOOL]: "bool",
  [ScalarType.UINT32]: "uint",
  [ScalarType.UINT64]: "uint",
  [ScalarType.BYTES]: "bytes",
};

function scalarSpec(type: ScalarType, field: DescField): Spec {
  const spec = SCALARS[type];
  if (!spec) throw new Error(`document-shape: ${field.parent.typeName}.${field.name} has a scalar type the import does not read (${ScalarType[type]})`);
  return spec;
}

function enumSpec(field: DescField & { enum: NonNullable<DescField["enum"]> }): Spec {
  const names: string[] = [];
  for (const v of field.enum.values) names[v.number] = v.name;
  return { enum: Array.from(names, (n) => n ?? "") };
}

function messageSpec(desc: DescMessage): Spec {
  return WELL_KNOWN[desc.typeName] ?? { fields: fieldsOf(desc) };
}

function itemSpec(field: DescField): Spec {
  switch (field.fieldKind) {
    case "scalar":
      return scalarSpec(field.scalar, field);
    case "enum":
      return enumSpec(field);
    case "message":
      return messageSpec(field.message);
    case "list":
      if (field.listKind === "scalar") return { list: scalarSpec(field.scalar, field) };
      if (field.listKind === "enum") return { list: enumSpec(field) };
      return { list: messageSpec(field.message) };
    case "map":
      throw new Error(`document-shape: ${field.parent.typeName}.${field.name} is a map, which the import does not read`);
  }
}

/** The fields of `desc` by JSON name, with the message's EXTRA_FIELDS. */
function fieldsOf(desc: DescMessage): Fields {
  const out: Record<string, Spec> = {};
  for (const field of desc.fields) out[field.jsonName] = itemSpec(field);
  return { ...out, ...EXTRA_FIELDS[desc.typeName] };
}

let dataOrg: Fields | undefined;

/** One entry of `orgs`: the v1 DataOrg, plus the admin DataOrg's fields of other names (built on first use). */
export function dataOrgShape(): Fields {
  if (!dataOrg) {
    const v1 = fieldsOf(DataOrgSchema);
    const admin = fieldsOf(AdminDataOrgSchema);
    dataOrg = { ...Object.fromEntries(Object.entries(admin).filter(([name]) => !(name in v1))), ...v1 };
  }
  return dataOrg;
}
