// What a grant module gets and gives: the request form, the client credentials, and the token
// response. Each grant module exports its grant type and handler (DESIGN "Code style").

import type { App, GrantType, OidcAppConfig } from "../../domain/app/app.js";
import type { Client, ClientCredentials } from "../clients.js";
import type { OidcContext, TokenResponse } from "../issue.js";

export interface TokenRequest {
  form: Record<string, string | undefined>;
  credentials: ClientCredentials;
  /** The token endpoint's URL, an audience a client assertion may name. */
  endpoint: string;
}

export interface GrantModule {
  grantType: string;
  handle(ctx: OidcContext, req: TokenRequest): Promise<TokenResponse>;
}

import { OidcError, invalidRequest } from "../errors.js";

export function required(form: TokenRequest["form"], name: string): string {
  const v = form[name];
  if (!v) throw invalidRequest(`${name} is missing`);
  return v;
}

/**
 * The OIDC app of an authenticated client whose configuration allows `grantType`; anyone else
 * (machine users, API apps, apps without that grant type) is unauthorized_client.
 */
export function appAllowing(client: Client, grantType: GrantType, grantName: string): App & { oidc: OidcAppConfig } {
  if (client.kind !== "app" || !client.app.oidc) throw new OidcError("unauthorized_client", `this client may not use the ${grantName} grant`);
  if (!client.app.oidc.grantTypes.includes(grantType)) throw new OidcError("unauthorized_client", `the application does not allow the ${grantName} grant`);
  return client.app as App & { oidc: OidcAppConfig };
}
