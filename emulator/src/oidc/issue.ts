// Issuing tokens for a grant (spec "Token response"): an access token (opaque or JWT), a refresh
// token when offline access was granted, an ID token when openid was; the profile/email/phone/address
// claims go into the ID token only without an access token or with id_token_userinfo_assertion.

import type { Core } from "../domain/core.js";
import type { App } from "../domain/app/app.js";
import type { Instance } from "../domain/instance/instance.js";
import { canSignIn, type User } from "../domain/user/user.js";
import { invalidGrant } from "./errors.js";
import { allRoleClaims, audienceScopes, userinfoClaims } from "./claims.js";
import { permittedScopes } from "./scopes.js";
import { functionClaims } from "./function-claims.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";
import { addTokens } from "../domain/token/commands.js";
import { newTokenValue } from "../domain/token/value.js";
import type { RequestTrace } from "./request-trace.js";
import type { ActionClaims, NewToken } from "../domain/token/token.js";
import type { NewEvent } from "../store/event.js";
import { oidcActor } from "./actor.js";
import { ACCESS_TOKEN_LIFETIME_S, ID_TOKEN_LIFETIME_S, REFRESH_IDLE_LIFETIME_S, halfHash, randomTokenValue, signJwt } from "./tokens.js";

export interface OidcContext {
  core: Core;
  keys: SigningKeys;
  instance: Instance;
  issuer: string;
  /** The request's trace (oidc/request-trace.ts): a token lifetime a fault set; issuance notes the user. */
  trace?: RequestTrace;
}

export interface Grant {
  clientId: string;
  app?: App;
  user: User;
  scope: string[];
  sessionId?: string;
  authRequestId?: string;
  authTime?: string;
  amr?: string[];
  nonce?: string;
  accessTokenFormat: "opaque" | "jwt";
  /** Issue an access token (all grants but implicit `id_token`). */
  withAccessToken: boolean;
  withRefreshToken: boolean;
  withIdToken: boolean;
  /**
   * What the grant spends (a code, a device code, the refresh token it rotates): called inside the commit
   * of the tokens, it checks again that it is still there and answers the events of spending it, or
   * throws (then nothing is written). Consuming and issuing commit together or not at all: a failure
   * before the commit (a function target, a signature) leaves it unspent.
   */
  consume?: () => NewEvent[];
  /** Absolute end of the refresh token chain. */
  refreshNotAfter?: string;
  /** Claims added to the ID token and to JWT access tokens (e.g. `act` after token exchange). */
  extraClaims?: Record<string, unknown>;
  /** The audience of the tokens when chosen by the request (token exchange); else client, project and audience scopes. */
  audience?: string[];
}

export interface TokenResponse {
  access_token?: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

type GrantPart = Pick<NewToken, "clientId" | "userId" | "sessionId" | "authRequestId" | "scope" | "audience" | "authTime" | "amr">;

/** A new token's id and value: the value carries the id (domain/token/value.ts), or is random for an id it cannot carry. */
type Minted = Pick<NewToken, "tokenId" | "value" | "derived">;
function mint(core: Core): Minted {
  const tokenId = core.ids.next();
  const made = newTokenValue(core.db, tokenId);
  return made ? { tokenId, value: made.value, derived: made.derived } : { tokenId, value: randomTokenValue(), derived: undefined };
}

function newToken(c: GrantPart, kind: NewToken["kind"], refresh: Minted | null, format: NewToken["format"], expiresAt: string, m: Minted): NewToken {
  return {
    clientId: c.clientId,
    userId: c.userId,
    sessionId: c.sessionId,
    authRequestId: c.authRequestId,
    scope: c.scope,
    audience: c.audience,
    authTime: c.authTime,
    amr: c.amr,
    kind,
    refreshTokenId: refresh === null ? null : refresh.value,
    format,
    expiresAt,
    value: m.value,
    tokenId: m.tokenId,
    derived: m.derived,
    refreshDerived: refresh?.derived,
  };
}

export async function issueTokens(ctx: OidcContext, g: Grant): Promise<TokenResponse> {
  const { core, instance } = ctx;
  // Every grant issues through here: a user locked or deactivated since its code, refresh token or
  // assertion was made gets nothing, whichever grant it tries.
  if (!canSignIn(g.user)) throw invalidGrant("the user is locked or deactivated");
  // Every grant issues through here, so scopes no client may use are dropped in one place (kept apart
  // from the grant instead of copying the whole grant with the new scope on every token).
  const scope = permittedScopes(g.scope);
  const nowMs = core.clock.nowMs();
  const iat = Math.floor(nowMs / 1000);
  const projectId = g.app?.projectId;
  const audience = g.audience?.length ? g.audience : [...new Set([g.clientId, ...(projectId ? [projectId] : []), ...audienceScopes(scope, instance)])];
  const tokens: NewToken[] = [];
  const actionClaims: ActionClaims = { accessToken: [], idToken: [] };
  // A fault may set the lifetime (0: already expired) of this request's access and ID tokens.
  const trace = ctx.trace;
  if (trace) trace.userId = g.user.id;
  const lifetimeS = trace?.lifetimeS ?? ACCESS_TOKEN_LIFETIME_S;
  const response: TokenResponse = { token_type: "Bearer", expires_in: lifetimeS, scope: scope.join(" ") };
  // The grant's part of every token: tokens are made by newToken() (a spread followed by more properties costs
  // microseconds per token in V8, measured).
  const common: GrantPart = {
    clientId: g.clientId,
    userId: g.user.id,
    sessionId: g.sessionId ?? null,
    authRequestId: g.authRequestId ?? null,
    scope,
    audience,
    authTime: g.authTime ?? null,
    amr: g.amr ?? [],
  };

  // The grant's tokens are stored once all they record is known (the claims actions added included), at
  // the latest signature, with the refresh token they replace revoked: one grouped command.
  let stored: Promise<unknown> | undefined;
  const store = () => {
    if (actionClaims.accessToken.length || actionClaims.idToken.length) for (const t of tokens) t.actionClaims = actionClaims;
    if (!stored) {
      stored = addTokens(core, oidcActor(instance.id, g.user.id), tokens, g.consume);
      stored.catch(() => undefined); // awaited at the end; a signature failing first must not leave it unhandled
    }
    return stored;
  };

  let refresh: Minted | null = null;
  if (g.withRefreshToken) {
    refresh = mint(core);
    const idleEnd = nowMs + REFRESH_IDLE_LIFETIME_S * 1000;
    const expiresAt = new Date(g.refreshNotAfter ? Math.min(idleEnd, Date.parse(g.refreshNotAfter)) : idleEnd).toISOString();
    tokens.push(newToken(common, "refresh", null, "opaque", expiresAt, refresh));
    response.refresh_token = refresh.value;
  }
  if (g.withAccessToken) {
    const access = mint(core);
    const id = access.value;
    const expiresAt = new Date(nowMs + lifetimeS * 1000).toISOString();
    tokens.push(newToken(common, "access", refresh, g.accessTokenFormat, expiresAt, access));
    if (g.accessTokenFormat === "jwt") {
      // Written out and assigned in the order the claims appear in the token (spreads into a literal
      // cost microseconds per token in V8); the claims are copied only when a function added some.
      const claims: Record<string, unknown> = {
        iss: ctx.issuer,
        sub: g.user.id,
        aud: audience,
        client_id: g.clientId,
        exp: iat + lifetimeS,
        iat,
        nbf: iat,
        jti: id,
        scope: response.scope,
      };
      if (g.extraClaims) Object.assign(claims, g.extraClaims);
      Object.assign(claims, allRoleClaims(core, g.user, projectId, audience, scope, g.app?.oidc?.accessTokenRoleAssertion ?? false));
      const added = await functionClaims(core, "preaccesstoken", g.user, claims);
      actionClaims.accessToken = Object.keys(added);
      const signed = signJwt(ctx.keys, instance, actionClaims.accessToken.length ? { ...claims, ...added } : claims);
      // Without an ID token to follow, everything the tokens record is known: they are stored while the
      // signature is made, so they join the group commit of this request's turn (see store() below).
      if (!g.withIdToken) store();
      response.access_token = await signed;
    } else {
      response.access_token = id;
    }
  }
  if (g.withIdToken) {
    const withUserinfo = !g.withAccessToken || (g.app?.oidc?.idTokenUserinfoAssertion ?? false);
    const skewS = Math.floor((g.app?.oidc?.clockSkewMs ?? 0) / 1000);
    const claims = {
      iss: ctx.issuer,
      sub: g.user.id,
      aud: audience,
      azp: g.clientId,
      exp: iat + (trace?.lifetimeS ?? ID_TOKEN_LIFETIME_S) + skewS,
      iat,
      ...(g.authTime ? { auth_time: Math.floor(Date.parse(g.authTime) / 1000) } : {}),
      ...(g.nonce ? { nonce: g.nonce } : {}),
      ...(g.amr?.length ? { amr: g.amr } : {}),
      ...(response.access_token ? { at_hash: halfHash(response.access_token) } : {}),
      ...(g.sessionId ? { sid: g.sessionId } : {}),
      ...g.extraClaims,
      ...(withUserinfo ? userinfoClaims(core, g.user, scope) : {}),
      ...allRoleClaims(core, g.user, projectId, audience, scope, g.app?.oidc?.idTokenRoleAssertion ?? false),
    };
    // The function sees the user's userinfo even when the ID token does not assert it, so a claim
    // the userinfo has is never replaced in the ID token either.
    const userinfo = { ...userinfoClaims(core, g.user, scope), ...claims };
    const added = await functionClaims(core, "preuserinfo", g.user, userinfo);
    actionClaims.idToken = Object.keys(added);
    const signed = signJwt(ctx.keys, instance, { ...claims, ...added });
    store();
    response.id_token = await signed;
  }
  // The answer waits for the tokens' commit, shared with the other tokens issued in this turn of the event loop.
  await store();
  if (!g.withAccessToken) delete response.access_token;
  return response;
}
