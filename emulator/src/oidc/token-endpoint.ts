// POST /oauth/v2/token: one table of grant modules, chosen by grant_type (spec "Token endpoint").

import { OidcError, invalidRequest } from "./errors.js";
import type { OidcContext, TokenResponse } from "./issue.js";
import { authorizationCode } from "./grants/authorization-code.js";
import { clientCredentials } from "./grants/client-credentials.js";
import { refreshToken } from "./grants/refresh-token.js";
import { jwtBearer } from "./grants/jwt-bearer.js";
import { tokenExchange } from "./grants/token-exchange.js";
import { deviceCode } from "./grants/device-code.js";
import type { GrantModule, TokenRequest } from "./grants/grant.js";

const GRANTS = new Map<string, GrantModule>(
  [authorizationCode, refreshToken, clientCredentials, jwtBearer, deviceCode, tokenExchange].map((g) => [g.grantType, g]),
);

export const SUPPORTED_GRANT_TYPES = [...GRANTS.keys()];

export async function tokenEndpoint(ctx: OidcContext, req: TokenRequest): Promise<TokenResponse> {
  const grantType = req.form.grant_type;
  if (!grantType) throw invalidRequest("grant_type is missing");
  const grant = GRANTS.get(grantType);
  if (!grant) throw new OidcError("unsupported_grant_type", `grant_type ${grantType} is not supported`);
  return grant.handle(ctx, req);
}
