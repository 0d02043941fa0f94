// The diff of an org document against an instance on the control API (issue 12), for the UI and
// the CLI: per org and kind, create / conflict / unchanged, conflicting items side by side. The
// instance side is the export of the same orgs (readOrg and the export's mapping), the file side
// the document in the same proto3 JSON form. Nothing is written.

import { fromJson, type JsonValue, toJson } from "@bufbuild/protobuf";
import { dataOrgJson, exportedOrgIds } from "../api/admin/export-json.js";
import { exportScope } from "../api/admin/export-document.js";
import { diffOrg } from "../domain/org/diff-org.js";
import { readOrg } from "../domain/org/read-org.js";
import { validateImport } from "../domain/org/validate-import.js";
import { ImportDataOrgSchema } from "../gen/svc/v1/v1/data_org_pb.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { targetInstance } from "./import-routes.js";
import { ControlError, DiffResult, ImportBody } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

type Obj = Record<string, unknown>;

export function registerDiffRoutes(app: ControlApp, ctx: ControlContext): void {
  app.post("/orgs/_diff", { schema: { body: ImportBody, response: { 200: DiffResult, 404: ControlError } } }, async (req, reply) => {
    const instanceId = targetInstance(ctx, req.body.instanceId);
    if (!instanceId) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.body.instanceId}`);
    const { errors } = validateImport(req.body.document);
    if (errors.length) return { errors, orgs: [] };
    // The file in the export's canonical form (defaults left out, enums by name), so equal content compares equal.
    const file = toJson(ImportDataOrgSchema, fromJson(ImportDataOrgSchema, req.body.document as JsonValue)) as { orgs?: Obj[] };
    const fileOrgs = file.orgs ?? [];
    // The whole instance is the scope, so references from the file's orgs to other orgs of the
    // instance (a grant to an org not in the file) show as they are. Read without passwords: secrets
    // are never shown side by side (diff-org.ts leaves them out of the comparison).
    const reads = exportedOrgIds(ctx.core, instanceId).map((id) => readOrg(ctx.core, instanceId, id)!);
    const scope = exportScope(reads);
    const instanceOrgs = new Map(reads.map((r) => [r.org.id, r]));
    const instanceSide = (orgId: string) => {
      const read = instanceOrgs.get(orgId);
      return read && (dataOrgJson(read, scope) as Obj);
    };
    return { errors: [], orgs: fileOrgs.map((o) => diffOrg(o, instanceSide(String(o.orgId ?? "")))) };
  });
}
