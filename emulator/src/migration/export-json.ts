// The export's document as proto3 JSON, one org at a time, for the control API's diff and export
// jobs (the AdminService answers the same messages through its transports): lowerCamel, defaults
// left out, int64 as strings, enums by name, bytes as base64.

import { create, type JsonObject, toJson } from "@bufbuild/protobuf";
import type { Core } from "../domain/core.js";
import { listOrgs } from "../domain/org/queries.js";
import type { OrgRead } from "./read-org.js";
import { DataOrgSchema } from "../gen/svc/admin/v1/admin_pb.js";
import { dataOrg, type ExportScope } from "./export-document.js";

/** The ids of the orgs an export covers: `orgIds` (empty: all) without `excludedOrgIds`. */
export function exportedOrgIds(core: Core, instanceId: string, orgIds: readonly string[] = [], excludedOrgIds: readonly string[] = []): string[] {
  const wanted = new Set(orgIds);
  const excluded = new Set(excludedOrgIds);
  return listOrgs(core.db, instanceId)
    .filter((o) => (wanted.size === 0 || wanted.has(o.id)) && !excluded.has(o.id))
    .map((o) => o.id);
}

/** One org of the export, as the JSON of the admin DataOrg. */
export function dataOrgJson(read: OrgRead, scope: ExportScope): JsonObject {
  return toJson(DataOrgSchema, create(DataOrgSchema, dataOrg(read, scope))) as JsonObject;
}
