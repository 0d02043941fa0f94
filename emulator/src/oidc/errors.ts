// OAuth 2.0 / OpenID Connect errors (spec "Errors"): one class, rendered in error-response.ts as JSON
// (token, introspection, revocation), as a redirect (authorization) or as an error page.

/** Every OAuth / OIDC error code the emulator answers (a fault may answer any of them). */
export const OIDC_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "invalid_scope",
  "invalid_target",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "unsupported_token_type",
  "server_error",
  "temporarily_unavailable",
  "interaction_required",
  "login_required",
  "access_denied",
  "invalid_token",
  "invalid_request_object",
  "request_uri_not_supported",
  "authorization_pending",
  "slow_down",
  "expired_token",
] as const;

export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

export class OidcError extends Error {
  constructor(
    readonly error: OidcErrorCode,
    readonly description: string,
    /** HTTP status when rendered as JSON. */
    readonly status = error === "invalid_client" || error === "invalid_token" ? 401 : error === "server_error" ? 500 : 400,
  ) {
    super(`${error}: ${description}`);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (d: string) => new OidcError("invalid_request", d);
export const invalidClient = (d: string) => new OidcError("invalid_client", d);
export const invalidGrant = (d: string) => new OidcError("invalid_grant", d);
export const invalidScope = (d: string) => new OidcError("invalid_scope", d);

/** An unexpected failure, reported to the client as server_error and on stderr as the bug it is. */
export function serverError(cause: unknown): OidcError {
  console.error("svc-emulator: OIDC internal error:", cause);
  return new OidcError("server_error", "the emulator hit an unexpected condition; see its output");
}
