// The org import engine on the control API (issue 12), for tests, the UI and the CLI: validate a
// document (every error with its path, nothing written), inspect it (what it holds) and import it (atomic by default; dryRun
// and bestEffort as query parameters). The admin ImportData rpc calls the same importOrgs. The
// routes that take a document accept bodies up to the admin rpcs' ORG_DOCUMENT_BODY_LIMIT.

import { summariseDocument } from "../migration/inspect-document.js";
import { chosenInstance } from "./chosen-instance.js";
import type { ControlContext } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

/**
 * The import engine: loaded on the first document, not at start, since its field rules read the
 * resource API's descriptors (migration/document-rules.ts; descriptors are made on first use: api/api-loader.ts).
 */
export async function importEngine() {
  const [{ validateImport }, { importOrgs }] = await Promise.all([import("../migration/validate-import.js"), import("../migration/import-orgs.js")]);
  return { validateImport, importOrgs };
}

export function registerImportRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "validateDocument", async (req) => {
    const { validateImport } = await importEngine();
    const { errors } = validateImport(req.body.document);
    return { valid: errors.length === 0, errors };
  });
  // The CLI's `inspect` as a route (the same two modules), so the UI shows what a script can get.
  route(app, "inspectDocument", async (req) => {
    const { validateImport } = await importEngine();
    const { errors } = validateImport(req.body.document);
    return { orgs: summariseDocument(req.body.document), valid: errors.length === 0, errors };
  });
  route(app, "importDocument", async (req, reply) => {
    const instance = chosenInstance(ctx, reply, req.body.instanceId);
    if (!instance) return reply;
    const { importOrgs } = await importEngine();
    return importOrgs(ctx.core, importActor(instance.id), req.body.document, { dryRun: req.query.dryRun, bestEffort: req.query.bestEffort });
  });
}

/** The actor of an import through the control API: the console, origin "import". */
export const importActor = (instanceId: string) => ({ instanceId, userId: "EMULATOR-CONSOLE", origin: "import" as const });
