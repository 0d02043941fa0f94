// The import of orgs (admin ImportData `data_orgsv1`, wire-facts 7.4): the whole document is
// validated first (validate-import.ts), then its orgs, as the generated messages (document-org.ts:
// a JSON document read once, gRPC's decoded message as it is), are imported in the product's three passes through the
// domain commands, with the file's ids and an actor whose origin is "import", all in ONE SQLite
// transaction. Each item runs in a savepoint: a failing item is recorded with the product's type
// and id and undone alone. Atomic (default): any error rolls the whole import back. Best effort:
// the product's behaviour, the rest is kept. Dry run: everything is tried, then rolled back.

import { type JsonObject, type JsonValue, toJson } from "@bufbuild/protobuf";
import type { Actor, Core } from "../domain/core.js";
import { DataOrgSchema, type ImportDataOrg, ImportDataOrgSchema } from "../gen/svc/v1/v1/data_org_pb.js";
import { Code, SvcError, toSvcError } from "../kernel/errors.js";
import { CARRIED_KINDS, ERROR_TYPES, itemId } from "./import-ids.js";
import { type Attempt, importOrgItems, type ImportSuccessOrg, type OrgImport } from "./import-items.js";
import { validateImport, type ImportError } from "./validate-import.js";
import { type DocumentOrg, documentOrgOf } from "./document-org.js";

export type { ImportError } from "./validate-import.js";
export type { ImportSuccessOrg } from "./import-items.js";

export interface ImportOptions {
  bestEffort?: boolean;
  dryRun?: boolean;
  /** A Date.now() deadline (independent of the emulator's clock): past it the import stops with DeadlineExceeded. */
  deadlineMs?: number;
  /**
   * Called as items are processed (imported or failed), per kind ("org" and the lists of
   * CARRIED_KINDS): `done` of `total` in the document. Called inside the transaction, so a caller
   * that forwards it elsewhere sees the counters before the commit (or the rollback).
   */
  onProgress?: (kind: string, done: number, total: number) => void;
}

export interface ImportResult {
  errors: ImportError[];
  success: { orgs: ImportSuccessOrg[] };
}

/** Thrown inside the transaction to roll it back; carries the result out. */
class RolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super("rolled back");
  }
}

/** The product's error message: `ID=<error id> Message=<text>`. */
const messageOf = (e: unknown) => {
  const err = toSvcError(e);
  return `ID=${err.id || "IMPORT-failed"} Message=${err.text}`;
};

/** `document`: the proto3 JSON (lowerCamel or snake_case) of svc.v1.v1.ImportDataOrg, i.e. { orgs: DataOrg[] }, already parsed from JSON. */
export function importOrgs(core: Core, actor: Actor, document: unknown, opts: ImportOptions = {}): ImportResult {
  const validated = validateImport(document);
  if (!validated.doc) return { errors: validated.errors, success: { orgs: [] } };
  return importDocumentOrgs(
    core,
    actor,
    validated.doc.orgs.map((org) => documentOrgOf(org as JsonObject)),
    opts,
  );
}

/**
 * `document`: the decoded message (gRPC's and gRPC-web's data_orgsv1), whose orgs the passes take as
 * they are. The check reads its proto3 JSON, the form the one set of document rules is written for
 * (validate-import.ts), so both ways in report the same errors at the same paths.
 */
export function importDataOrg(core: Core, actor: Actor, document: ImportDataOrg, opts: ImportOptions = {}): ImportResult {
  let json: JsonValue;
  try {
    json = toJson(ImportDataOrgSchema, document);
  } catch (e) {
    const unwritable = unwritableItems(document);
    if (!unwritable.length) throw e;
    return { errors: unwritable, success: { orgs: [] } };
  }
  const { errors } = validateImport(json);
  if (errors.length) return { errors, success: { orgs: [] } };
  return importDocumentOrgs(core, actor, document.orgs, opts);
}

/**
 * The items of a decoded document that have no proto3 JSON (a Timestamp or Duration beyond the range
 * JSON can write, which the binary form can carry), each an error at its item: the check reads JSON.
 */
function unwritableItems(document: ImportDataOrg): ImportError[] {
  const errors: ImportError[] = [];
  document.orgs.forEach((org, i) => {
    for (const field of DataOrgSchema.fields) {
      if (field.fieldKind !== "list" && field.fieldKind !== "message") continue;
      const value = (org as unknown as Record<string, unknown>)[field.localName];
      const items = field.fieldKind === "list" ? (value as unknown[]) : value === undefined ? [] : [value];
      items.forEach((item, j) => {
        const path = `orgs[${i}].${field.jsonName}${field.fieldKind === "list" ? `[${j}]` : ""}`;
        const text = field.message ? whyUnwritable(() => toJson(field.message!, item as never)) : undefined;
        const type = ERROR_TYPES[field.jsonName] ?? "org";
        if (text) errors.push({ type, id: itemId(field.jsonName, org.orgId, item as object), message: `ID=IMPORT-invalid Message=${path}: ${text}`, path });
      });
    }
  });
  return errors;
}

/** Why `write` cannot write its value as proto3 JSON, or undefined when it can. */
function whyUnwritable(write: () => unknown): string | undefined {
  try {
    write();
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function importDocumentOrgs(core: Core, actor: Actor, orgs: readonly DocumentOrg[], opts: ImportOptions): ImportResult {
  const errors: ImportError[] = [];
  const success: ImportSuccessOrg[] = [];
  let timedOut = false;
  const checkDeadline = () => {
    if (opts.deadlineMs !== undefined && Date.now() > opts.deadlineMs) {
      timedOut = true;
      throw new SvcError(Code.DeadlineExceeded, "IMPORT-timeout", "The import ran past its timeout");
    }
  };
  /** Runs one item in a savepoint; a failure is recorded and undone alone. Deadline errors end the import. */
  const progress = progressOf(orgs, opts.onProgress);
  const attempt: Attempt = (field, orgId, path, item, run) => {
    checkDeadline();
    try {
      core.db.transaction(run);
      return true;
    } catch (e) {
      if (timedOut) throw e;
      const type = ERROR_TYPES[field] ?? "org";
      errors.push({ type, id: itemId(field, orgId, item), message: messageOf(e), path });
      return false;
    } finally {
      progress.processed(field);
    }
  };
  const work = () => {
    const imports: OrgImport[] = [];
    orgs.forEach((org, index) => {
      const imported = importOrgItems(core, actor, { org, index }, attempt, "pass1");
      if (imported) {
        imports.push(imported);
        success.push(imported.success);
      }
    });
    for (const pass of ["pass2", "pass3"] as const) for (const o of imports) importOrgItems(core, actor, o, attempt, pass);
    progress.finished();
    const result = { errors, success: { orgs: success } };
    if (opts.dryRun || (errors.length && !opts.bestEffort)) throw new RolledBack(result);
    return result;
  };
  try {
    return core.db.transaction(work);
  } catch (e) {
    if (e instanceof RolledBack) return opts.dryRun || !e.result.errors.length ? e.result : { ...e.result, success: { orgs: [] } };
    throw e;
  }
}

/** The progress counters of an import: per kind, items processed of the items in the document. */
function progressOf(orgs: readonly DocumentOrg[], onProgress: ImportOptions["onProgress"]) {
  const total = new Map<string, number>([["org", orgs.length]]);
  for (const kind of CARRIED_KINDS)
    total.set(
      kind,
      orgs.reduce((n, o) => n + o[kind].length, 0),
    );
  const done = new Map<string, number>();
  // Every total up front (0 done), so a watcher knows the size of each kind before the first item.
  if (onProgress) for (const [kind, of] of total) onProgress(kind, 0, of);
  return {
    /** One item of `field` tried (follow-up steps such as domain_isverified are not counted). */
    processed(field: string) {
      const of = total.get(field);
      if (!onProgress || of === undefined) return;
      const n = (done.get(field) ?? 0) + 1;
      done.set(field, n);
      onProgress(field, n, of);
    },
    /** Items never tried (an org's own domain already there, the items of an org that could not be had) count as processed at the end. */
    finished() {
      for (const [kind, of] of total) if (onProgress && (done.get(kind) ?? 0) < of) onProgress(kind, of, of);
    },
  };
}
