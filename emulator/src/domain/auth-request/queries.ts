// Reads of auth requests: by id and by code.

import type { Database } from "../../store/database.js";
import type { AuthRequest, AuthorizeParams } from "./auth-request.js";

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

export function getAuthRequest(db: Database, instanceId: string, id: string): AuthRequest | undefined {
  const r = db.stmt("SELECT * FROM auth_requests WHERE instance_id = ? AND id = ?").get(instanceId, id) as Row | undefined;
  return r && fromRow(r);
}

export function authRequestByCode(db: Database, instanceId: string, code: string): AuthRequest | undefined {
  const r = db.stmt("SELECT * FROM auth_requests WHERE instance_id = ? AND code = ?").get(instanceId, code) as Row | undefined;
  return r && fromRow(r);
}
