// grant_type=refresh_token (spec "Token endpoint grants"; RFC 6749 6): the scope must be a subset of
// the original one, which is kept when omitted; the refresh token rotates and the old one is
// revoked with its access tokens, in the commit of the new ones: a failed issuance leaves it usable, and
// of concurrent rotations of one token only one gives tokens.

import { getUser } from "../../domain/user/queries.js";
import { EVERY_AUTH_METHOD, authenticateClient } from "../clients.js";
import { invalidGrant, invalidScope } from "../errors.js";
import { issueTokens } from "../issue.js";
import { getLoginSession } from "../../domain/login-session/queries.js";
import { getToken, isActive } from "../../domain/token/queries.js";
import { rotationEvents } from "../../domain/token/commands.js";
import { oidcActor } from "../actor.js";
import { appAllowing, required, type GrantModule } from "./grant.js";

export const refreshToken: GrantModule = {
  grantType: "refresh_token",
  async handle(ctx, req) {
    const { core, instance } = ctx;
    // Machine users refresh the tokens of their JWT profile grants, authenticated by an assertion.
    const client = await authenticateClient(core, instance, req.credentials, EVERY_AUTH_METHOD, [ctx.issuer, req.endpoint], true);
    const app = client.kind === "machine" ? undefined : appAllowing(client, "refresh_token", "refresh token");
    const old = getToken(core.db, required(req.form, "refresh_token"));
    if (old?.kind !== "refresh" || old.instanceId !== instance.id) throw invalidGrant("the refresh token is unknown");
    if (old.revokedAt) throw invalidGrant("the refresh token was revoked");
    if (!isActive(core.clock, old)) throw invalidGrant("the refresh token has expired");
    if (old.clientId !== client.clientId) throw invalidGrant("the refresh token was issued to another client");
    const requested = req.form.scope?.split(" ").filter(Boolean);
    const beyond = requested?.find((s) => !old.scope.includes(s));
    if (beyond) throw invalidScope(`scope ${beyond} was not granted originally`);
    const scope = requested ?? old.scope;
    const session = old.sessionId ? getLoginSession(core.db, old.instanceId, old.sessionId) : undefined;
    if (session?.terminatedAt) throw invalidGrant("the login session of the refresh token has ended");
    const user = getUser(core.db, old.instanceId, old.userId)!;
    return issueTokens(ctx, {
      clientId: client.clientId,
      app,
      user,
      scope: scope.includes("offline_access") ? scope : [...scope, "offline_access"],
      sessionId: old.sessionId ?? undefined,
      authTime: old.authTime ?? undefined,
      amr: old.amr,
      accessTokenFormat: app ? app.oidc.accessTokenType : user.data.accessTokenType === "jwt" ? "jwt" : "opaque",
      withAccessToken: true,
      withRefreshToken: true,
      withIdToken: scope.includes("openid"),
      consume: () => {
        const revoked = rotationEvents(core, oidcActor(instance.id, user.id), old);
        if (!revoked) throw invalidGrant("the refresh token was revoked");
        return revoked;
      },
    });
  },
};
