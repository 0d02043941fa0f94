// grant_type=client_credentials (spec "Token endpoint grants"): machine users authenticate with
// their secret by client_secret_basic or client_secret_post and get an access token, no ID token
// and no refresh token.

import { authenticateClient } from "../clients.js";
import { OidcError } from "../errors.js";
import { issueTokens } from "../issue.js";
import type { GrantModule } from "./grant.js";

export const clientCredentials: GrantModule = {
  grantType: "client_credentials",
  async handle(ctx, req) {
    const client = await authenticateClient(
      ctx.core,
      ctx.instance,
      req.credentials,
      ["client_secret_basic", "client_secret_post"],
      [ctx.issuer, req.endpoint],
      true,
    );
    if (client.kind !== "machine") throw new OidcError("unauthorized_client", "only machine users may use the client credentials grant");
    const scope = (req.form.scope ?? "").split(" ").filter((s) => s && s !== "offline_access" && s !== "openid");
    return issueTokens(ctx, {
      clientId: client.clientId,
      user: client.user,
      scope,
      accessTokenFormat: client.user.data.accessTokenType === "jwt" ? "jwt" : "opaque",
      withAccessToken: true,
      withRefreshToken: false,
      withIdToken: false,
    });
  },
};
