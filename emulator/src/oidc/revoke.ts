// POST /oauth/v2/revoke (RFC 7009; spec "States and transitions"): revoking a refresh token also
// revokes its access tokens; an access token only itself. Unknown tokens are fine (200).

import { EVERY_AUTH_METHOD, authenticateClient, type ClientCredentials } from "./clients.js";
import { invalidGrant } from "./errors.js";
import { findToken } from "./access-token.js";
import type { OidcContext } from "./issue.js";
import { revokeToken } from "../domain/token/commands.js";
import { oidcActor } from "./actor.js";

export async function revoke(ctx: OidcContext, credentials: ClientCredentials, token: string | undefined, endpoint: string): Promise<void> {
  const client = await authenticateClient(ctx.core, ctx.instance, credentials, EVERY_AUTH_METHOD, [ctx.issuer, endpoint]);
  if (!token) return;
  const t = await findToken(ctx, token);
  if (!t || t.instanceId !== ctx.instance.id) return;
  if (t.clientId !== client.clientId) throw invalidGrant("the token was issued to another client");
  revokeToken(ctx.core, oidcActor(ctx.instance.id, client.clientId), t);
}
