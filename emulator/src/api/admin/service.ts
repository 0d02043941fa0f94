// AdminService: the product's org export and import (wire-facts 7), for a caller with iam.read
// (export) or iam.write (import) on the whole instance. Export is built from the read of each org
// (migration/read-org.ts); import hands the document to the import engine (migration/import-orgs.ts).
// Either may use a bucket instead of the message (gcs_output, data_orgsv1_gcs; api/admin/gcs-storage.ts).
// Both carry whole orgs and so accept larger requests (ORG_DOCUMENT_BODY_LIMIT). Decisions:
// docs/behaviour.md "Admin export and import".

import { create, toJson } from "@bufbuild/protobuf";
import { performance } from "node:perf_hooks";
import { importDataOrg, importOrgs, type ImportResult } from "../../migration/import-orgs.js";
import { documentRefusal } from "../../migration/validate-import.js";
import { readOrg } from "../../migration/read-org.js";
import { AdminService, ExportDataResponseSchema } from "../../gen/svc/admin/v1/admin_pb.js";
import { ORG_DOCUMENT_BODY_LIMIT } from "../../kernel/body-limit.js";
import { parseGoDuration } from "../../kernel/duration.js";
import { Code, SvcError, invalidArgument } from "../../kernel/errors.js";
import { authorize } from "../authorization.js";
import { defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { dataOrg, exportScope } from "../../migration/export-document.js";
import { exportedOrgIds } from "../../migration/export-json.js";
import { openGcsTarget, readDocument, writeDocument } from "./gcs-storage.js";

/** The request header (or gRPC metadata) that selects the product's best-effort import. */
export const IMPORT_MODE_HEADER = "x-svc-import-mode";

const unimplemented = (id: string, text: string) => new SvcError(Code.Unimplemented, id, text);

/** `timeout` in milliseconds (Go duration syntax); undefined when empty: no limit. */
function timeoutMs(timeout: string): number | undefined {
  if (timeout === "") return undefined;
  const ms = parseGoDuration(timeout);
  if (ms === undefined) throw invalidArgument("ADMIN-timeout-invalid", `timeout ${JSON.stringify(timeout)} is not a duration such as "30s" or "10m"`);
  return ms;
}

/** Throws DeadlineExceeded once `ms` have passed since `start` (performance.now(), below 1 ms too). */
function deadline(start: number, ms: number | undefined): () => void {
  return () => {
    if (ms !== undefined && performance.now() - start >= ms)
      throw new SvcError(Code.DeadlineExceeded, "ADMIN-timeout", `the export ran past its timeout of ${ms} ms`);
  };
}

/** The response of ImportData: the import's errors and the orgs it imported. */
const answer = (result: ImportResult) => ({ errors: result.errors, success: { orgs: result.success.orgs } });

function importMode(call: RpcCall): boolean {
  const mode = call.header(IMPORT_MODE_HEADER) ?? "";
  if (mode === "" || mode === "atomic") return false;
  if (mode === "best-effort") return true;
  throw invalidArgument("ADMIN-import-mode-invalid", `${IMPORT_MODE_HEADER} must be "atomic" or "best-effort", not ${JSON.stringify(mode)}`);
}

/** `ownUrl`: the emulator's own URL once it listens, the bucket store the GCS sources use by default. */
export function adminService(ownUrl: () => string = () => ""): ServiceDefinition {
  return defineService(
    AdminService,
    undefined,
    {
      async exportData(req, call) {
        const start = performance.now();
        authorize(call, {});
        const check = deadline(start, timeoutMs(req.timeout));
        if (req.s3Output || req.localOutput)
          throw unimplemented("ADMIN-output", "only response_output and gcs_output are supported (s3_output and local_output are not)");
        // The bucket is checked before the export is built, so a bad target costs nothing.
        const target = req.gcsOutput ? await openGcsTarget("gcs_output", req.gcsOutput, ownUrl()) : undefined;
        if (!req.responseOutput && !target) return {};
        const reads = exportedOrgIds(call.core, call.instance.id, req.orgIds, req.excludedOrgIds).map((id) => {
          check();
          return readOrg(call.core, call.instance.id, id, { withPasswords: req.withPasswords })!;
        });
        const scope = exportScope(reads);
        const result = reads.map((r) => dataOrg(r, scope));
        check();
        // The file holds what response_output answers: the response's proto3 JSON.
        if (target) await writeDocument(target, toJson(ExportDataResponseSchema, create(ExportDataResponseSchema, { orgs: result })));
        return req.responseOutput ? { orgs: result } : {};
      },
      async importData(req, call) {
        authorize(call, {});
        const startedAt = Date.now();
        const ms = timeoutMs(req.timeout);
        const bestEffort = importMode(call);
        const data = req.data;
        const actor = { instanceId: call.instance.id, userId: call.principal.user.id, origin: "import" as const };
        const opts = { bestEffort, ...(ms !== undefined ? { deadlineMs: startedAt + ms } : {}) };
        // Over HTTP/JSON the document as sent, so validation sees unknown fields and wrong types as
        // the control API's _validate does; over gRPC and gRPC-web the decoded message, handed on as it is.
        const sent = data.case === "dataOrgsv1" ? call.documentJson("dataOrgsv1") : undefined;
        let document: unknown;
        // A bucket source is read and imported before the answer, unlike the product's background job.
        if (data.case === "dataOrgsv1Gcs") document = await readDocument(await openGcsTarget("data_orgsv1_gcs", data.value, ownUrl()));
        else if (data.case === "dataOrgsv1" && sent === undefined) return answer(importDataOrg(call.core, actor, data.value, opts));
        else if (data.case === "dataOrgsv1") document = sent;
        else {
          const text = data.case ? `${data.case} is not supported; send the document as data_orgsv1 or data_orgsv1_gcs` : "data_orgsv1 is required";
          throw data.case ? unimplemented("ADMIN-import-source", text) : invalidArgument("ADMIN-import-data-missing", text);
        }
        // A value that is not a document at all is a bad request; `errors` (200) are for documents that parse.
        const refusal = data.case === "dataOrgsv1" ? documentRefusal(document) : undefined;
        if (refusal) throw invalidArgument("ADMIN-import-document-invalid", `data_orgsv1 ${refusal}`);
        return answer(importOrgs(call.core, actor, document, opts));
      },
    },
    { bodyLimit: ORG_DOCUMENT_BODY_LIMIT },
  );
}
