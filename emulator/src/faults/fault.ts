// A fault (issue 29, DESIGN 13): where it strikes (an OIDC endpoint, an rpc or a service of the
// resource or admin API, narrowed to a client or a user), what it answers instead of the real answer,
// and how often. Definitions are checked by control/fault-definition.ts; here they are only data.

/** The OIDC endpoints a fault may name ("login": the login and device pages under /ui/login and /device). */
export const OIDC_ENDPOINTS = [
  "discovery",
  "jwks",
  "authorize",
  "token",
  "introspect",
  "userinfo",
  "revoke",
  "end_session",
  "device_authorization",
  "login",
] as const;
export type OidcEndpoint = (typeof OIDC_ENDPOINTS)[number];

/** The admin API's service: `where.admin` names every rpc of it. */
export const ADMIN_SERVICE = "svc.admin.v1.AdminService";

export interface FaultWhere {
  endpoint?: OidcEndpoint;
  /** With endpoint "token": only requests of this grant type. */
  grantType?: string;
  /** A full rpc name, "/svc.resources.user.v3alpha.SvcUsers/GetUser". */
  method?: string;
  /** A full service name, "svc.resources.user.v3alpha.SvcUsers". */
  service?: string;
  /** Every rpc of the admin API. */
  admin?: true;
  clientId?: string;
  userId?: string;
}

export type FaultWhat =
  | { kind: "oauthError"; error: string; description: string; status: number; retryAfter?: number }
  | { kind: "rpcError"; code: number; message: string }
  | { kind: "http"; status: number; body: string; contentType: string; retryAfter?: number }
  | { kind: "delay"; ms: number }
  | { kind: "drop" }
  | { kind: "truncate" }
  | { kind: "expiredToken" }
  | { kind: "tokenExpiresIn"; seconds: number };

export interface FaultDefinition {
  instanceId: string;
  where: FaultWhere;
  what: FaultWhat;
  /** Answer the next `times` matching requests, then stop; undefined: no count. */
  times?: number;
  /** Milliseconds on the emulator clock from creation; undefined: until removed. */
  forMs?: number;
}

export type FaultState = "active" | "used" | "expired";

/** A defined fault as the control API and the handle show it. */
export interface FaultView {
  id: string;
  instanceId: string;
  where: FaultWhere;
  what: FaultWhat;
  times: number | null;
  /** Matching requests it answered. */
  hits: number;
  /** Requests it will still answer (null: no count). */
  remaining: number | null;
  /** When it stops, on the emulator clock (null: until removed). */
  until: string | null;
  state: FaultState;
  createdAt: string;
}

/** What a request is, for matching. `service` and `method` for rpcs; `endpoint` (and `grantType`) for the OIDC surface. */
export interface FaultRequest {
  instanceId: string;
  endpoint?: OidcEndpoint;
  grantType?: string;
  service?: string;
  method?: string;
  clientId?: string;
  userId?: string;
}

/** A fault that answered a request: its id and what it answers. */
export interface Strike {
  id: string;
  what: FaultWhat;
}
