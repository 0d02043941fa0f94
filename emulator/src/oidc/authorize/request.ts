// Validation of an authorization request (spec "Authorization request parameters"). Errors before
// the redirect URI is known good are shown on the emulator's page (`pageError`); the rest go to the
// redirect URI (`OidcError`).

import type { App } from "../../domain/app/app.js";
import { OidcError, invalidRequest, invalidScope } from "../errors.js";
import type { AuthorizeParams } from "../../domain/auth-request/auth-request.js";
import type { Params } from "../parameters.js";
import { resolveIssuerUri } from "../../kernel/issuer-uri.js";

/** An error that cannot be sent to the client: shown to the user at the emulator. */
export class PageError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const RESPONSE_TYPES = ["code", "id_token", "id_token token"] as const;
const PROMPTS = ["none", "login", "consent", "select_account", "create"];

/** Registered URIs may start with "{issuer}/", standing for this instance's issuer. */
export function uriMatches(registered: string[], uri: string, issuer: string): boolean {
  return registered.some((r) => resolveIssuerUri(r, issuer) === uri);
}

/** A parameter's value; empty counts as absent (RFC 6749 3.1). Repeated ones were refused by readParams. */
function single(q: Params, name: string): string | undefined {
  const v = q[name];
  return v === "" ? undefined : v;
}

/** Checks the client first: with the redirect URI, it decides where later errors go. client_id is never read from a request object (Core 6.1). */
export function checkClient(q: Params, findApp: (clientId: string) => App | undefined): App {
  const clientId = q.client_id;
  if (!clientId) throw new PageError("invalid_request", "client_id is missing");
  const app = findApp(clientId);
  if (!app) throw new PageError("invalid_request", `unknown client_id ${clientId}`);
  return app;
}

/** The redirect URI, which may come from the request object; only a registered one receives errors. */
export function checkRedirectUri(q: Params, app: App, issuer: string): string {
  const redirectUri = q.redirect_uri;
  if (!redirectUri) throw new PageError("invalid_request", "redirect_uri is missing");
  if (!uriMatches(app.oidc!.redirectUris, redirectUri, issuer))
    throw new PageError("invalid_request", `redirect_uri ${redirectUri} is not registered for client ${app.clientId}`);
  return redirectUri;
}

/** The response mode: the requested one when valid (invalid values are ignored), else the default of the response type. */
export function responseModeOf(q: Params, responseType: string | undefined): AuthorizeParams["responseMode"] {
  const requested = q.response_mode;
  if (requested === "query" || requested === "fragment" || requested === "form_post") return requested;
  return responseType === "code" || responseType === undefined ? "query" : "fragment";
}

export function parseAuthorizeRequest(q: Params, app: App, redirectUri: string): AuthorizeParams {
  const responseType = single(q, "response_type");
  if (!responseType) throw invalidRequest("response_type is missing");
  if (!(RESPONSE_TYPES as readonly string[]).includes(responseType))
    throw new OidcError("unsupported_response_type", `response_type ${responseType} is not supported`);
  const config = app.oidc!;
  if (!config.responseTypes.includes(responseType as AuthorizeParams["responseType"])) {
    throw new OidcError("unauthorized_client", `the application does not allow response_type ${responseType}`);
  }
  const scope = (single(q, "scope") ?? "").split(" ").filter(Boolean);
  if (!scope.includes("openid")) throw invalidScope("the scope must contain openid");
  const nonce = single(q, "nonce");
  if (responseType !== "code" && !nonce) throw invalidRequest("nonce is required for the implicit flow");
  const codeChallenge = single(q, "code_challenge");
  const method = single(q, "code_challenge_method");
  if (codeChallenge && method !== "S256") throw invalidRequest("code_challenge_method must be S256");
  if (!codeChallenge && method) throw invalidRequest("code_challenge_method without code_challenge");
  if (codeChallenge && !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) throw invalidRequest("code_challenge must be a base64url SHA-256 value (43 characters)");
  if (responseType === "code" && config.authMethod === "none" && !codeChallenge)
    throw invalidRequest("code_challenge is required for clients without authentication (PKCE)");
  const prompt = (single(q, "prompt") ?? "").split(" ").filter(Boolean);
  const unknownPrompt = prompt.find((p) => !PROMPTS.includes(p));
  if (unknownPrompt) throw invalidRequest(`prompt ${unknownPrompt} is not supported`);
  if (prompt.includes("none") && prompt.length > 1) throw invalidRequest("prompt none cannot be combined with other values");
  const maxAgeText = single(q, "max_age");
  if (maxAgeText !== undefined && !/^\d+$/.test(maxAgeText)) throw invalidRequest("max_age must be a number of seconds");
  return {
    clientId: app.clientId,
    redirectUri,
    responseType: responseType as AuthorizeParams["responseType"],
    responseMode: responseModeOf(q, responseType),
    scope,
    state: single(q, "state"),
    nonce,
    codeChallenge,
    prompt,
    maxAge: maxAgeText === undefined ? undefined : Number(maxAgeText),
    loginHint: single(q, "login_hint"),
    uiLocales: (single(q, "ui_locales") ?? "").split(" ").filter(Boolean),
  };
}
