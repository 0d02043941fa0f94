// The discovery document (OpenID Connect Discovery 1.0; contents as wire-facts 6.2): this
// instance's issuer and endpoint URLs, what the provider supports.

import { REQUEST_OBJECT_ALGS } from "./authorize/request-object.js";

export const ENDPOINTS = {
  authorization: "/oauth/v2/authorize",
  token: "/oauth/v2/token",
  introspection: "/oauth/v2/introspect",
  userinfo: "/oidc/v1/userinfo",
  revocation: "/oauth/v2/revoke",
  endSession: "/oidc/v1/end_session",
  deviceAuthorization: "/oauth/v2/device_authorization",
  jwks: "/oauth/v2/keys",
} as const;

/**
 * `origin`: http://<Host> of the request. The endpoints a browser opens (authorize, end session) are
 * under the issuer; the ones a backend calls are under the origin it asked through, which differs from
 * the issuer only with a public URL (domain/instance/public-names.ts): a backend in another container
 * reaches the emulator by a name of its network, not the browser's localhost. `uiLocales`: the
 * instance's resolved restricted languages.
 */
export function discoveryDocument(issuer: string, origin: string, uiLocales: string[]) {
  return {
    issuer,
    authorization_endpoint: issuer + ENDPOINTS.authorization,
    token_endpoint: origin + ENDPOINTS.token,
    introspection_endpoint: origin + ENDPOINTS.introspection,
    userinfo_endpoint: origin + ENDPOINTS.userinfo,
    revocation_endpoint: origin + ENDPOINTS.revocation,
    end_session_endpoint: issuer + ENDPOINTS.endSession,
    device_authorization_endpoint: origin + ENDPOINTS.deviceAuthorization,
    jwks_uri: origin + ENDPOINTS.jwks,
    scopes_supported: ["openid", "profile", "email", "phone", "address", "offline_access"],
    response_types_supported: ["code", "id_token", "id_token token"],
    response_modes_supported: ["query", "fragment", "form_post"],
    grant_types_supported: [
      "authorization_code",
      "implicit",
      "refresh_token",
      "client_credentials",
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
      "urn:ietf:params:oauth:grant-type:device_code",
    ],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    request_object_signing_alg_values_supported: REQUEST_OBJECT_ALGS,
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: ["RS256"],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "private_key_jwt"],
    introspection_endpoint_auth_signing_alg_values_supported: ["RS256"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"],
    revocation_endpoint_auth_signing_alg_values_supported: ["RS256"],
    claims_supported: [
      "sub",
      "aud",
      "exp",
      "iat",
      "iss",
      "auth_time",
      "nonce",
      "acr",
      "amr",
      "c_hash",
      "at_hash",
      "act",
      "scopes",
      "client_id",
      "azp",
      "preferred_username",
      "name",
      "family_name",
      "given_name",
      "locale",
      "email",
      "email_verified",
      "phone_number",
      "phone_number_verified",
    ],
    code_challenge_methods_supported: ["S256"],
    ui_locales_supported: uiLocales,
    request_parameter_supported: true,
    request_uri_parameter_supported: false,
  };
}
