// The diff of an org document against an instance on the control API (issue 12), for the UI and
// the CLI: per org and kind, create / conflict / unchanged, conflicting items side by side. The
// instance side is the export of the same orgs (readOrg and the export's mapping), the file side
// the document in the same proto3 JSON form. Nothing is written.

import type { JsonValue } from "@bufbuild/protobuf";
import { diffOrg } from "../migration/diff-org.js";
import { nameIndex } from "../migration/diff-names.js";
import { readOrg } from "../migration/read-org.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { chosenInstance } from "./chosen-instance.js";
import { importEngine } from "./import-routes.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

type Obj = Record<string, unknown>;

/**
 * The file in the export's form (the admin DataOrg: defaults left out, enums by name), so equal
 * content compares equal. Fields only the v1 DataOrg has (iamPolicy) are dropped: the diff does not
 * compare them. Undefined if the message cannot be read (validation let it through).
 */
async function canonical(document: unknown): Promise<{ orgs?: Obj[] } | undefined> {
  // The admin API's descriptors are made on first use, not at start (api/api-loader.ts).
  const [{ fromJson, toJson }, { ImportDataOrgSchema }] = await Promise.all([import("@bufbuild/protobuf"), import("../gen/svc/admin/v1/admin_pb.js")]);
  try {
    return toJson(ImportDataOrgSchema, fromJson(ImportDataOrgSchema, document as JsonValue, { ignoreUnknownFields: true })) as { orgs?: Obj[] };
  } catch {
    return undefined;
  }
}

export function registerDiffRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "diffDocument", async (req, reply) => {
    const instanceId = chosenInstance(ctx, reply, req.body.instanceId)?.id;
    if (!instanceId) return reply;
    const { validateImport } = await importEngine();
    const { errors } = validateImport(req.body.document);
    if (errors.length) return { errors, orgs: [] };
    const file = await canonical(req.body.document);
    if (!file) return sendControlError(reply, 400, Code.InvalidArgument, "The document could not be read as an ImportDataOrg");
    const fileOrgs = file.orgs ?? [];
    // The whole instance is the scope, so references from the file's orgs to other orgs of the
    // instance (a grant to an org not in the file) show as they are. Read without passwords: secrets
    // are never shown side by side (diff-org.ts leaves them out of the comparison).
    const [{ dataOrgJson, exportedOrgIds }, { exportScope }] = await Promise.all([
      import("../migration/export-json.js"),
      import("../migration/export-document.js"),
    ]);
    const reads = exportedOrgIds(ctx.core, instanceId).map((id) => readOrg(ctx.core, instanceId, id)!);
    const scope = exportScope(reads);
    const instanceOrgs = new Map(reads.map((r) => [r.org.id, dataOrgJson(r, scope) as Obj]));
    const names = nameIndex([...instanceOrgs.values()]);
    return { errors: [], orgs: fileOrgs.map((o) => diffOrg(o, instanceOrgs.get(String(o.orgId ?? "")), names)) };
  });
}
