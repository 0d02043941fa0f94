// grant_type=urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693; spec's token type matrix;
// wire-facts 6.7). Off until the instance enables oidc_token_exchange; impersonation (an actor
// token, or a user_id or jwt subject) only with impersonation on.

import { decodeJwt } from "jose";
import { verifiedByRegisteredKey, type RegisteredKey } from "../assertion.js";
import { appPublicKeys } from "../../domain/app/queries.js";
import { getUser } from "../../domain/user/queries.js";
import type { User } from "../../domain/user/user.js";
import { activeAccessToken } from "../access-token.js";
import { EVERY_AUTH_METHOD, authenticateClient } from "../clients.js";
import { OidcError, invalidRequest } from "../errors.js";
import { issueTokens, type OidcContext, type TokenResponse } from "../issue.js";
import { verifyOwnJwt } from "../own-jwt.js";
import { ID_TOKEN_LIFETIME_S, signJwt } from "../tokens.js";
import { permittedScopes } from "../scopes.js";
import { appAllowing, required, type GrantModule } from "./grant.js";

const T = {
  access: "urn:ietf:params:oauth:token-type:access_token",
  refresh: "urn:ietf:params:oauth:token-type:refresh_token",
  id: "urn:ietf:params:oauth:token-type:id_token",
  jwt: "urn:ietf:params:oauth:token-type:jwt",
  userId: "urn:svc:params:oauth:token-type:user_id",
} as const;

const SUBJECT_TYPES: string[] = [T.access, T.id, T.jwt, T.userId];
const ACTOR_TYPES: string[] = [T.access, T.id];
const REQUESTED_TYPES: string[] = [T.access, T.id, T.jwt];

interface Party {
  user: User;
  scope: string[];
  audience: string[];
}

async function resolve(
  ctx: OidcContext,
  token: string,
  type: string,
  role: "subject_token" | "actor_token",
  clientKeys: () => RegisteredKey[],
): Promise<Party> {
  const invalid = () => invalidRequest(`${role} invalid`);
  if (type === T.access) {
    const t = await activeAccessToken(ctx, token);
    const user = t && getUser(ctx.core.db, ctx.instance.id, t.userId);
    if (!t || !user) throw invalid();
    return { user, scope: t.scope, audience: t.audience };
  }
  if (type === T.id) {
    const claims = await verifyOwnJwt(ctx, token);
    const user = claims?.sub ? getUser(ctx.core.db, ctx.instance.id, claims.sub) : undefined;
    if (!claims || !user) throw invalid();
    return { user, scope: ["openid"], audience: [claims.aud].flat().filter((a): a is string => !!a) };
  }
  if (type === T.jwt) {
    let sub: string | undefined;
    try {
      sub = decodeJwt(token).sub;
    } catch {
      throw invalid();
    }
    const user = sub ? getUser(ctx.core.db, ctx.instance.id, sub) : undefined;
    if (!user || !(await verifiedByRegisteredKey(ctx.core, token, clientKeys(), {}))) throw invalid();
    return { user, scope: [], audience: [] };
  }
  const user = getUser(ctx.core.db, ctx.instance.id, token);
  if (!user || user.instanceId !== ctx.instance.id) throw invalid();
  return { user, scope: [], audience: [] };
}

export const tokenExchange: GrantModule = {
  grantType: "urn:ietf:params:oauth:grant-type:token-exchange",
  async handle(ctx, req): Promise<TokenResponse & { issued_token_type: string }> {
    const { core, instance } = ctx;
    if (!instance.features.oidc_token_exchange)
      throw new OidcError("unsupported_grant_type", "token exchange is not enabled on this instance (feature oidc_token_exchange)");
    const client = await authenticateClient(core, instance, req.credentials, EVERY_AUTH_METHOD, [ctx.issuer, req.endpoint]);
    const app = appAllowing(client, "urn:ietf:params:oauth:grant-type:token-exchange", "token exchange");
    const f = req.form;
    if (f.resource) throw new OidcError("invalid_target", "the resource parameter is not supported");
    const subjectToken = required(f, "subject_token");
    const subjectType = required(f, "subject_token_type");
    if (!SUBJECT_TYPES.includes(subjectType)) throw invalidRequest(`subject_token_type ${subjectType} is not allowed`);
    if (f.actor_token && !f.actor_token_type) throw invalidRequest("actor_token_type is missing");
    if (f.actor_token_type && !f.actor_token) throw invalidRequest("actor_token is missing");
    if (f.actor_token_type && !ACTOR_TYPES.includes(f.actor_token_type)) throw invalidRequest(`actor_token_type ${f.actor_token_type} is not allowed`);
    if ((subjectType === T.jwt || subjectType === T.userId) && !f.actor_token) throw invalidRequest(`subject_token_type ${subjectType} needs an actor_token`);
    const requestedType = f.requested_token_type ?? T.access;
    if (!REQUESTED_TYPES.includes(requestedType)) throw invalidRequest(`requested_token_type ${requestedType} is not allowed`);
    const impersonates = !!f.actor_token;
    if (impersonates && !instance.features.impersonation) throw invalidRequest("impersonation is not enabled on this instance (feature impersonation)");

    const clientKeys = () => appPublicKeys(core.db, ctx.instance.id, app.id);
    const subject = await resolve(ctx, subjectToken, subjectType, "subject_token", clientKeys);
    const actor = f.actor_token ? await resolve(ctx, f.actor_token, f.actor_token_type!, "actor_token", clientKeys) : undefined;
    const allowedAudience = [...subject.audience, ...(actor?.audience ?? [])];
    const audience = f.audience?.split(" ").filter(Boolean);
    const missing = audience?.find((a) => !allowedAudience.includes(a));
    if (missing) throw new OidcError("invalid_target", `audience "${missing}" not found in subject or actor token`);
    const scope = f.scope ? f.scope.split(" ").filter(Boolean) : subject.scope.length ? subject.scope : (actor?.scope ?? []);
    const act = actor ? { act: { iss: ctx.issuer, sub: actor.user.id } } : undefined;

    if (requestedType === T.id) {
      const iat = Math.floor(core.clock.nowMs() / 1000);
      const idToken = await signJwt(ctx.keys, instance, {
        iss: ctx.issuer,
        sub: subject.user.id,
        aud: [client.clientId],
        azp: client.clientId,
        iat,
        exp: iat + ID_TOKEN_LIFETIME_S,
        ...act,
      });
      return {
        access_token: idToken,
        issued_token_type: T.id,
        token_type: "N_A" as "Bearer",
        expires_in: ID_TOKEN_LIFETIME_S,
        scope: permittedScopes(scope).join(" "),
      };
    }
    const tokens = await issueTokens(ctx, {
      clientId: client.clientId,
      app,
      user: subject.user,
      scope,
      accessTokenFormat: requestedType === T.jwt ? "jwt" : "opaque",
      withAccessToken: true,
      withRefreshToken: scope.includes("offline_access") && app.oidc.grantTypes.includes("refresh_token"),
      withIdToken: scope.includes("openid"),
      extraClaims: act,
      audience: audience ?? subject.audience,
    });
    return { ...tokens, issued_token_type: requestedType };
  },
};
