// The presets of the Faults screen (issue 29): one click defines each, for the selected instance.
// Each is a definition as the control API reads it (POST /emulator/v1/faults).

export interface Preset {
  id: string;
  label: string;
  definition: { where: Record<string, unknown>; what: Record<string, unknown>; times?: number; for?: string };
}

export const PRESETS: readonly Preset[] = [
  {
    id: "token-invalid-grant",
    label: "Token endpoint answers invalid_grant once",
    definition: { where: { endpoint: "token" }, what: { kind: "oauthError", error: "invalid_grant" }, times: 1 },
  },
  {
    id: "userinfo-503",
    label: "Userinfo 503 with Retry-After",
    definition: { where: { endpoint: "userinfo" }, what: { kind: "http", status: 503, body: "", retryAfter: 30 }, times: 1 },
  },
  {
    id: "jwks-unreachable",
    label: "JWKS unreachable for 30 s",
    definition: { where: { endpoint: "jwks" }, what: { kind: "drop" }, for: "30s" },
  },
  {
    id: "login-fails",
    label: "Next login fails",
    definition: { where: { endpoint: "login" }, what: { kind: "oauthError", error: "access_denied", description: "the login failed" }, times: 1 },
  },
  {
    id: "getuser-slow",
    label: "GetUser is slow",
    definition: { where: { method: "/svc.resources.user.v3alpha.SvcUsers/GetUser" }, what: { kind: "delay", ms: 3000 } },
  },
];

/** A fault's place and answer in a few words, for the list. */
export function describeWhere(where: Record<string, unknown>): string {
  const narrowed = [where.grantType && `grant ${where.grantType}`, where.clientId && `client ${where.clientId}`, where.userId && `user ${where.userId}`].filter(
    Boolean,
  );
  const place = where.endpoint ? `${where.endpoint}` : where.method ? `${where.method}` : where.service ? `${where.service}` : "admin API";
  return narrowed.length ? `${place} (${narrowed.join(", ")})` : place;
}

export function describeWhat(what: Record<string, unknown>): string {
  switch (what.kind) {
    case "oauthError":
      return `${what.error} (${what.status})`;
    case "rpcError":
      return `rpc code ${what.code}: ${what.message}`;
    case "http":
      return `HTTP ${what.status}${what.retryAfter !== undefined ? `, Retry-After ${what.retryAfter}` : ""}`;
    case "delay":
      return `delay ${what.ms} ms`;
    case "tokenExpiresIn":
      return `tokens expire in ${what.seconds} s`;
    case "expiredToken":
      return "tokens already expired";
    case "drop":
      return "connection dropped";
    default:
      return "body cut short";
  }
}
