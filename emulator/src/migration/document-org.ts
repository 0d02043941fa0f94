// The one form the import passes read (import-items.ts): an org of the document as the generated
// messages, limited to the parts the engine carries into the emulator. A decoded v1 DataOrg (gRPC's
// data_orgsv1) is one as it is; a proto3 JSON document is checked (validate-import.ts), then read
// once into the admin DataOrg (an export's type: the v1 parts and the org's state).

import { fromJson, type JsonObject } from "@bufbuild/protobuf";
import { type DataOrg as AdminDataOrg, DataOrgSchema as AdminDataOrgSchema } from "../gen/svc/admin/v1/admin_pb.js";
import type { DataOrg } from "../gen/svc/v1/v1/data_org_pb.js";
import { CARRIED_FIELDS } from "./import-ids.js";

type CarriedPart = Exclude<(typeof CARRIED_FIELDS)[number], "orgState">;

/** What the passes read of one org; the admin DataOrg's `orgState` is absent from a v1 DataOrg. */
export type DocumentOrg = Pick<DataOrg, CarriedPart> & { orgState?: AdminDataOrg["orgState"] };

/**
 * A checked org of a JSON document (validateImport's normalised form: lowerCamel, enums by name,
 * no nulls, no free-form values) as a DocumentOrg. Fields it does not carry are not read; names the
 * product's files add to a carried message (an app's loginVersion, a hash's algorithm) are read and not kept.
 */
export function documentOrgOf(org: JsonObject): DocumentOrg {
  const carried: JsonObject = {};
  for (const name of CARRIED_FIELDS) if (org[name] !== undefined) carried[name] = org[name];
  return fromJson(AdminDataOrgSchema, carried, { ignoreUnknownFields: true });
}
