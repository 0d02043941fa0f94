// Authorization requests between /oauth/v2/authorize and the token endpoint: the validated
// parameters, the login session that completed them, and the one-time code.

import { randomBytes } from "node:crypto";
import type { Core } from "../domain/core.js";
import type { Projections } from "../store/projections.js";
import { seal, unseal } from "../store/sealed.js";

export const CODE_LIFETIME_MS = 10 * 60_000;

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  responseType: "code" | "id_token" | "id_token token";
  responseMode: "query" | "fragment" | "form_post";
  scope: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  prompt: string[];
  maxAge?: number;
  loginHint?: string;
  idTokenHintSub?: string;
  uiLocales: string[];
  /** Set when the request signs a user in to decide on a device authorization (RFC 8628), not to answer a redirect URI. */
  deviceAuthorizationId?: string;
}

export interface AuthRequest {
  id: string;
  instanceId: string;
  params: AuthorizeParams;
  sessionId: string | null;
  code: string | null;
  codeExpiresAt: string | null;
  codeUsed: boolean;
  createdAt: string;
}

interface Row {
  id: string;
  instance_id: string;
  request: string;
  session_id: string | null;
  code: string | null;
  code_expires_at: string | null;
  code_used: number;
  created_at: string;
}

const fromRow = (r: Row): AuthRequest => ({
  id: r.id,
  instanceId: r.instance_id,
  params: JSON.parse(r.request) as AuthorizeParams,
  sessionId: r.session_id,
  code: r.code,
  codeExpiresAt: r.code_expires_at,
  codeUsed: r.code_used === 1,
  createdAt: r.created_at,
});

export function registerAuthRequestProjection(p: Projections): void {
  p.register(["auth_requests"], {
    "oidc.auth_request.added": (db, e) => {
      db.stmt("INSERT INTO auth_requests (id, instance_id, client_id, request, created_at) VALUES (?, ?, ?, ?, ?)").run(e.aggregateId, e.instanceId, e.payload.clientId, JSON.stringify(e.payload), e.createdAt);
    },
    "oidc.auth_request.succeeded": (db, e) => {
      db.stmt("UPDATE auth_requests SET session_id = ?, code = ?, code_expires_at = ? WHERE id = ?").run(e.payload.sessionId, unseal(db, e.payload.code) ?? null, e.payload.codeExpiresAt ?? null, e.aggregateId);
    },
    "oidc.auth_request.code_exchanged": (db, e) => {
      db.stmt("UPDATE auth_requests SET code_used = 1 WHERE id = ?").run(e.aggregateId);
    },
  });
}

const event = (instanceId: string, id: string, type: string, payload: Record<string, unknown>, creator = "ANONYMOUS") => ({ instanceId, aggregateType: "auth_request", aggregateId: id, type, payload, creator, resourceOwner: instanceId });

export function addAuthRequest(core: Core, instanceId: string, params: AuthorizeParams): string {
  const id = core.ids.next();
  core.events.push([event(instanceId, id, "oidc.auth_request.added", { ...params })]);
  return id;
}

export function getAuthRequest(core: Core, instanceId: string, id: string): AuthRequest | undefined {
  const r = core.db.stmt("SELECT * FROM auth_requests WHERE instance_id = ? AND id = ?").get(instanceId, id) as Row | undefined;
  return r && fromRow(r);
}

export function authRequestByCode(core: Core, instanceId: string, code: string): AuthRequest | undefined {
  const r = core.db.stmt("SELECT * FROM auth_requests WHERE instance_id = ? AND code = ?").get(instanceId, code) as Row | undefined;
  return r && fromRow(r);
}

/** Records the session that completed the request, and a new code for the code flow. */
export function succeedAuthRequest(core: Core, req: AuthRequest, sessionId: string, userId: string, withCode: boolean): string | undefined {
  const code = withCode ? randomBytes(32).toString("base64url") : undefined;
  const codeExpiresAt = withCode ? new Date(core.clock.nowMs() + CODE_LIFETIME_MS).toISOString() : undefined;
  core.events.push([event(req.instanceId, req.id, "oidc.auth_request.succeeded", { sessionId, ...(code ? { code: seal(core.db, code), codeExpiresAt } : {}) }, userId)]);
  return code;
}

export function codeExchangedEvent(req: AuthRequest, clientId: string) {
  return event(req.instanceId, req.id, "oidc.auth_request.code_exchanged", {}, clientId);
}
