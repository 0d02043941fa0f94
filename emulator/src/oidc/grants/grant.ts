// What a grant module gets and gives: the request form, the client credentials, and the token
// response. Each grant module exports its grant type and handler (DESIGN "Code style").

import type { ClientCredentials } from "../clients.js";
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

import { invalidRequest } from "../errors.js";

export function required(form: TokenRequest["form"], name: string): string {
  const v = form[name];
  if (!v) throw invalidRequest(`${name} is missing`);
  return v;
}
