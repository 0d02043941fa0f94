// grant_type=authorization_code (spec "Token endpoint grants"; RFC 6749 4.1.3, RFC 7636): the code
// works once, within its lifetime, for the client it was issued to and the same redirect_uri;
// PKCE's code_verifier must match the challenge. A replayed code revokes what it issued. The code is
// spent in the commit of its tokens: a failed issuance (a function target's error) leaves it usable,
// and of concurrent exchanges one wins, the others are replays.

import { createHash } from "node:crypto";
import { getUser } from "../../domain/user/queries.js";
import { codeExchangeEvents } from "../../domain/auth-request/commands.js";
import type { AuthRequest } from "../../domain/auth-request/auth-request.js";
import { authRequestByCode } from "../../domain/auth-request/queries.js";
import { getLoginSession } from "../../domain/login-session/queries.js";
import { revokeTokensOfAuthRequest } from "../../domain/token/commands.js";
import { oidcActor } from "../actor.js";
import { EVERY_AUTH_METHOD, authenticateClient } from "../clients.js";
import { invalidGrant } from "../errors.js";
import { issueTokens, type OidcContext } from "../issue.js";
import { appAllowing, required, type GrantModule } from "./grant.js";

/** Thrown inside the tokens' commit when a concurrent exchange spent the code first. */
class CodeSpent extends Error {}

/** A code presented again (RFC 6749 4.1.2): refused, and the tokens it gave are revoked. */
function replayed(ctx: OidcContext, clientId: string, ar: AuthRequest): never {
  revokeTokensOfAuthRequest(ctx.core, oidcActor(ctx.instance.id, clientId), ar.id);
  throw invalidGrant("the code was already used; the tokens it gave are revoked");
}

export const authorizationCode: GrantModule = {
  grantType: "authorization_code",
  async handle(ctx, req) {
    const { core, instance } = ctx;
    const client = await authenticateClient(core, instance, req.credentials, EVERY_AUTH_METHOD, [ctx.issuer, req.endpoint]);
    const app = appAllowing(client, "authorization_code", "authorization code");
    const code = required(req.form, "code");
    const redirectUri = required(req.form, "redirect_uri");
    const ar = authRequestByCode(core.db, instance.id, code);
    if (!ar) throw invalidGrant("the code is unknown");
    if (ar.codeUsed) replayed(ctx, client.clientId, ar);
    if (Date.parse(ar.codeExpiresAt!) <= core.clock.nowMs()) throw invalidGrant("the code has expired");
    if (ar.params.clientId !== client.clientId) throw invalidGrant("the code was issued to another client");
    if (ar.params.redirectUri !== redirectUri) throw invalidGrant("redirect_uri differs from the one of the authorization request");
    const verifier = req.form.code_verifier;
    if (ar.params.codeChallenge) {
      if (!verifier) throw invalidGrant("code_verifier is missing");
      if (createHash("sha256").update(verifier).digest("base64url") !== ar.params.codeChallenge)
        throw invalidGrant("code_verifier does not match the code_challenge");
    } else if (verifier) {
      throw invalidGrant("code_verifier given, but the authorization request had no code_challenge");
    }
    const config = app.oidc;
    const session = getLoginSession(core.db, ar.instanceId, ar.sessionId!);
    if (!session || session.terminatedAt) throw invalidGrant("the login session of the code has ended");
    const offline = ar.params.scope.includes("offline_access") && config.grantTypes.includes("refresh_token");
    const consume = () => {
      const spent = codeExchangeEvents(core, oidcActor(instance.id, client.clientId), ar);
      if (!spent) throw new CodeSpent();
      return spent;
    };
    const issued = issueTokens(ctx, {
      clientId: client.clientId,
      app,
      user: getUser(core.db, ar.instanceId, session.userId)!,
      scope: ar.params.scope.filter((s) => s !== "offline_access" || offline),
      sessionId: session.id,
      authRequestId: ar.id,
      authTime: session.authTime,
      amr: session.amr,
      nonce: ar.params.nonce,
      accessTokenFormat: config.accessTokenType,
      withAccessToken: true,
      withRefreshToken: offline,
      withIdToken: ar.params.scope.includes("openid"),
      consume,
    });
    // The revocation runs after the commit that holds the winner's tokens (a transaction commits the group first).
    return issued.catch((e: unknown) => (e instanceof CodeSpent ? replayed(ctx, client.clientId, ar) : Promise.reject(e)));
  },
};
