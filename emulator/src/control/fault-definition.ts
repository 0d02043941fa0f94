// Reading a fault definition (issue 29) from the control API's body or the handle's argument: every
// field is checked, and the first bad one is named (`where.endpoint`, `what.code`, `times`, ...) so
// nothing half-understood is stored. The shape is in docs/behaviour.md "Faults" and fault-schemas.ts.

import { ADMIN_SERVICE, type FaultDefinition, type FaultWhat, type FaultWhere, OIDC_ENDPOINTS, type OidcEndpoint } from "../faults/fault.js";
import { Code } from "../kernel/errors.js";
import { parseDuration } from "../kernel/duration.js";
import { OIDC_ERROR_CODES, OidcError, type OidcErrorCode } from "../oidc/errors.js";
import { SUPPORTED_GRANT_TYPES } from "../oidc/token-endpoint.js";

/** A refused definition: the field and why. */
export class FaultDefinitionError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** The names a definition may use: the rpc table's methods and services, and the instances. */
export interface FaultNames {
  methods: ReadonlySet<string>;
  services: ReadonlySet<string>;
  /** The instance a definition without instanceId belongs to; undefined: the named one does not exist. */
  instance(id: string | undefined): string | undefined;
}

/** The OIDC endpoints whose requests never name a user (docs/behaviour.md "where a user is known"). */
const NO_USER: readonly OidcEndpoint[] = ["discovery", "jwks", "device_authorization"];
const KINDS = ["oauthError", "rpcError", "http", "delay", "drop", "truncate", "expiredToken", "tokenExpiresIn"] as const;
const MAX_DELAY_MS = 600_000;
const MAX_TIMES = 1_000_000;
const DEFAULT_TEXT = "a fault the emulator was asked to inject";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const fail = (field: string, reason: string): never => {
  throw new FaultDefinitionError(field, reason);
};

function only(o: Obj, at: string, allowed: readonly string[]): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(at ? `${at}.${k}` : k, `unknown field; allowed: ${allowed.join(", ")}`);
}
function text(o: Obj, field: string, at: string, max = 1000): string | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || v.length === 0 || v.length > max) fail(`${at}.${field}`, `must be a string of 1 to ${max} characters`);
  return v as string;
}
function integer(o: Obj, field: string, at: string, min: number, max: number): number | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fail(at ? `${at}.${field}` : field, `must be an integer from ${min} to ${max}`);
  return v as number;
}

/** The rpc status code a definition names: its number (1 to 16) or its name in either casing ("UNAVAILABLE", "Unavailable", "DEADLINE_EXCEEDED"). */
function rpcCode(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isInteger(v) && v >= 1 && v <= 16 ? v : undefined;
  if (typeof v !== "string") return undefined;
  const wanted = v.replace(/_/g, "").toLowerCase();
  const found = Object.entries(Code).find(([name, n]) => typeof n === "number" && n !== 0 && name.toLowerCase() === wanted);
  return found ? (found[1] as number) : undefined;
}

function readWhere(raw: unknown, names: FaultNames): FaultWhere {
  if (!isObj(raw)) return fail("where", "must be an object naming an endpoint, a method, a service or admin");
  only(raw, "where", ["endpoint", "grantType", "method", "service", "admin", "clientId", "userId"]);
  const named = ["endpoint", "method", "service", "admin"].filter((k) => raw[k] !== undefined);
  if (named.length !== 1) fail("where", `needs exactly one of endpoint, method, service, admin (got ${named.length ? named.join(", ") : "none"})`);
  const where: FaultWhere = {};
  if (raw.endpoint !== undefined) {
    if (!OIDC_ENDPOINTS.includes(raw.endpoint as OidcEndpoint)) fail("where.endpoint", `unknown OIDC endpoint; one of ${OIDC_ENDPOINTS.join(", ")}`);
    where.endpoint = raw.endpoint as OidcEndpoint;
  }
  if (raw.grantType !== undefined) {
    if (where.endpoint !== "token") fail("where.grantType", 'narrows endpoint "token" only');
    if (!SUPPORTED_GRANT_TYPES.includes(raw.grantType as string)) fail("where.grantType", `unknown grant type; one of ${SUPPORTED_GRANT_TYPES.join(", ")}`);
    where.grantType = raw.grantType as string;
  }
  if (raw.method !== undefined) {
    const m = typeof raw.method === "string" ? `/${raw.method.replace(/^\//, "")}` : "";
    if (!names.methods.has(m)) fail("where.method", 'unknown rpc; a full name like "/svc.resources.user.v3alpha.SvcUsers/GetUser"');
    where.method = m;
  }
  if (raw.service !== undefined) {
    if (!names.services.has(raw.service as string)) fail("where.service", 'unknown service; a full name like "svc.resources.user.v3alpha.SvcUsers"');
    where.service = raw.service as string;
  }
  if (raw.admin !== undefined) {
    if (raw.admin !== true) fail("where.admin", `must be true (every rpc of ${ADMIN_SERVICE})`);
    where.admin = true;
  }
  const clientId = text(raw, "clientId", "where", 200);
  if (clientId !== undefined) where.clientId = clientId;
  const userId = text(raw, "userId", "where", 200);
  if (userId !== undefined) {
    if (where.endpoint && NO_USER.includes(where.endpoint)) fail("where.userId", `${where.endpoint} never knows a user: a user id could never match`);
    where.userId = userId;
  }
  return where;
}

function readWhat(raw: unknown, where: FaultWhere): FaultWhat {
  if (!isObj(raw)) return fail("what", `must be an object with a kind: ${KINDS.join(", ")}`);
  const kind = raw.kind;
  if (!KINDS.includes(kind as (typeof KINDS)[number])) return fail("what.kind", `unknown kind; one of ${KINDS.join(", ")}`);
  const oidc = where.endpoint !== undefined;
  switch (kind) {
    case "oauthError": {
      only(raw, "what", ["kind", "error", "description", "status", "retryAfter"]);
      if (!oidc) fail("what.kind", "oauthError answers OIDC endpoints; rpcs answer rpcError");
      if (!OIDC_ERROR_CODES.includes(raw.error as never)) fail("what.error", `not an OAuth error code of this surface; one of ${OIDC_ERROR_CODES.join(", ")}`);
      const error = raw.error as OidcErrorCode;
      // The status the emulator's own errors of that code have (400; 401 for invalid_client and invalid_token; 500 for server_error).
      const fallback = new OidcError(error, "").status;
      return {
        kind,
        error,
        description: text(raw, "description", "what") ?? DEFAULT_TEXT,
        status: integer(raw, "status", "what", 400, 599) ?? fallback,
        ...optionalRetryAfter(raw),
      };
    }
    case "rpcError": {
      only(raw, "what", ["kind", "code", "message"]);
      if (oidc) fail("what.kind", "rpcError answers rpcs; OIDC endpoints answer oauthError");
      const code = rpcCode(raw.code);
      if (code === undefined) fail("what.code", "not an rpc status code: 1 to 16 or a name like UNAVAILABLE");
      return { kind, code: code!, message: text(raw, "message", "what") ?? DEFAULT_TEXT };
    }
    case "http": {
      only(raw, "what", ["kind", "status", "body", "contentType", "retryAfter"]);
      const status = integer(raw, "status", "what", 200, 599);
      if (status === undefined) fail("what.status", "is required: an integer from 200 to 599");
      const body = raw.body === undefined ? "" : typeof raw.body === "string" ? raw.body : fail("what.body", "must be a string");
      const contentType = text(raw, "contentType", "what", 200) ?? (looksLikeJson(body as string) ? "application/json" : "text/plain; charset=utf-8");
      return { kind, status: status!, body: body as string, contentType, ...optionalRetryAfter(raw) };
    }
    case "delay": {
      only(raw, "what", ["kind", "ms"]);
      const ms = integer(raw, "ms", "what", 1, MAX_DELAY_MS);
      if (ms === undefined) fail("what.ms", `is required: milliseconds from 1 to ${MAX_DELAY_MS}`);
      return { kind, ms: ms! };
    }
    case "tokenExpiresIn":
    case "expiredToken": {
      only(raw, "what", kind === "expiredToken" ? ["kind"] : ["kind", "seconds"]);
      if (where.endpoint !== "token") fail("what.kind", `${kind} needs where.endpoint "token"`);
      if (kind === "expiredToken") return { kind };
      const seconds = integer(raw, "seconds", "what", 1, 10 * 365 * 86400);
      if (seconds === undefined) fail("what.seconds", "is required: the tokens' lifetime in seconds");
      return { kind, seconds: seconds! };
    }
    default:
      only(raw, "what", ["kind"]);
      return { kind: kind as "drop" | "truncate" };
  }
}

function optionalRetryAfter(raw: Obj): { retryAfter?: number } {
  const r = integer(raw, "retryAfter", "what", 0, 86400);
  return r === undefined ? {} : { retryAfter: r };
}

function looksLikeJson(body: string): boolean {
  try {
    JSON.parse(body);
    return body.trim().startsWith("{") || body.trim().startsWith("[");
  } catch {
    return false;
  }
}

/** The definition `raw` states, or FaultDefinitionError naming the first bad field. */
export function readFaultDefinition(raw: unknown, names: FaultNames): FaultDefinition {
  if (!isObj(raw)) return fail("body", "must be an object with where and what");
  only(raw, "", ["instanceId", "where", "what", "times", "for"]);
  if (raw.instanceId !== undefined && typeof raw.instanceId !== "string") fail("instanceId", "must be a string");
  const instanceId = names.instance(raw.instanceId as string | undefined);
  if (!instanceId) fail("instanceId", "no such instance");
  const where = readWhere(raw.where, names);
  const what = readWhat(raw.what, where);
  const times = integer(raw, "times", "", 1, MAX_TIMES);
  let forMs: number | undefined;
  if (raw.for !== undefined) {
    forMs = typeof raw.for === "string" ? parseDuration(raw.for) : undefined;
    if (forMs === undefined || forMs <= 0) fail("for", 'must be a duration on the emulator clock, like "30s" or "5m"');
  }
  return { instanceId: instanceId!, where, what, ...(times === undefined ? {} : { times }), ...(forMs === undefined ? {} : { forMs }) };
}
