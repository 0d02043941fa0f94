// Reads of apps: by id and by client id, their secret digest and public keys, and the search of
// SvcApps (filters, the reader's scope, paging).

import type { Actor, Core } from "../core.js";
import { notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import { pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import type { Readable } from "../readable.js";
import { appFromRow, type App, type AppRow } from "./app.js";
import { hot } from "../../store/hot-statements.js";

/** Apps with the org of their project. */
const APPS_WITH_ORG = { from: "apps a JOIN projects p ON p.instance_id = a.instance_id AND p.id = a.project_id", select: "a.*, p.org_id" };
const SELECT = `SELECT ${APPS_WITH_ORG.select} FROM ${APPS_WITH_ORG.from}`;
/** Client authentication reads these on every token request (hot). */
const BY_CLIENT_ID = hot(`${SELECT} WHERE a.instance_id = ? AND a.client_id = ?`);
const SECRET_HASH = hot("SELECT client_secret_hash AS h FROM apps WHERE instance_id = ? AND id = ?");

export function appByClientId(db: Database, instanceId: string, clientId: string): App | undefined {
  const r = db.stmt(BY_CLIENT_ID).get(instanceId, clientId) as AppRow | undefined;
  return r && appFromRow(r);
}

export function getApp(db: Database, instanceId: string, id: string): App | undefined {
  const r = db.stmt(`${SELECT} WHERE a.instance_id = ? AND a.id = ?`).get(instanceId, id) as AppRow | undefined;
  return r && appFromRow(r);
}

/** The app of the actor's instance, or NotFound. */
export function foundApp(core: Core, actor: Actor, id: string): App {
  const app = getApp(core.db, actor.instanceId, id);
  if (!app) throw notFound("APP-not-found", "App not found");
  return app;
}

export function appSecretHash(db: Database, instanceId: string, appId: string): string | null {
  return (db.stmt(SECRET_HASH).get(instanceId, appId) as { h: string | null } | undefined)?.h ?? null;
}

export function appPublicKeys(db: Database, instanceId: string, appId: string): { id: string; jwk: object; expiresAt: string | null }[] {
  const rows = db.stmt("SELECT id, public_jwk, expires_at FROM app_keys WHERE instance_id = ? AND app_id = ?").all(instanceId, appId) as {
    id: string;
    public_jwk: string;
    expires_at: string | null;
  }[];
  return rows.map((r) => ({ id: r.id, jwk: JSON.parse(r.public_jwk) as object, expiresAt: r.expires_at }));
}

export interface AppSearch extends PageRequest {
  /** Each entry is one filter; all must hold. */
  projectIds: string[];
  names: TextMatch[];
}

export function searchApps(db: Database, instanceId: string, s: AppSearch, readable: Readable): { total: number; rows: App[] } {
  const where = ["a.instance_id = ?"];
  const args: unknown[] = [instanceId];
  where.push(readable({ org: "p.org_id", project: "a.project_id" }, args));
  for (const id of s.projectIds) where.push("a.project_id = ?"), args.push(id);
  for (const n of s.names) where.push(textCondition("a.name", n, args));
  const { total, rows } = pagedSearch<AppRow>(db, APPS_WITH_ORG, where, args, "a.created_at", s, "a.id");
  return { total, rows: rows.map(appFromRow) };
}
