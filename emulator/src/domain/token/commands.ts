// Token commands: tokens are added together (one grant's access and refresh tokens, in one commit with
// what the grant spends: a code, a device code, a rotated refresh token revoked), and revoked once;
// revoking twice appends nothing.

import type { Actor, Core } from "../core.js";
import type { NewEvent, StoredEvent } from "../../store/event.js";
import { seal } from "../../store/sealed.js";
import type { Database } from "../../store/database.js";
import { TokenAdded, type TokenAddedPayload, TokenRevoked } from "./events.js";
import { getToken, tokenWithDependents, tokensWhere } from "./queries.js";
import type { NewToken, TokenRecord } from "./token.js";

/** The revocation events of the tokens not yet revoked, for commands that end a grant with other changes. */
export function tokensRevokedEvents(actor: Actor, tokens: TokenRecord[]): NewEvent[] {
  // Each event is in its token's instance (the control API revokes in any instance).
  return tokens
    .filter((t) => !t.revokedAt)
    .map((t) => TokenRevoked.event({ ...actor, instanceId: t.instanceId }, t.tokenId ?? t.id, t.instanceId, { kind: t.kind }));
}

function addedEvent(db: Database, actor: Actor, t: NewToken): NewEvent {
  // The grant's fields written out in the order a rest-and-spread gave them: the destructuring and two
  // spreads cost microseconds per token in V8 (measured). Null and empty fields are left out (readers
  // take absent as null or empty, events.ts): less JSON to make and store per token.
  const payload: TokenAddedPayload = { clientId: t.clientId, userId: t.userId } as TokenAddedPayload;
  if (t.sessionId !== null) payload.sessionId = t.sessionId;
  if (t.authRequestId !== null) payload.authRequestId = t.authRequestId;
  payload.scope = t.scope;
  payload.audience = t.audience;
  if (t.authTime !== null) payload.authTime = t.authTime;
  if (t.amr.length) payload.amr = t.amr;
  payload.kind = t.kind;
  if (t.refreshTokenId !== null) payload.refreshTokenId = t.refreshDerived ?? seal(db, t.refreshTokenId);
  payload.format = t.format;
  payload.expiresAt = t.expiresAt;
  if (t.actionClaims) payload.actionClaims = t.actionClaims;
  // No secret in the event: the value is made again from the id and nonce with the key, or, for a value
  // not in that format, sealed.
  payload.token = t.derived ?? seal(db, t.value);
  // The token's creator is the user it was issued for.
  const event = TokenAdded.event({ instanceId: actor.instanceId, userId: t.userId, origin: actor.origin }, t.tokenId, actor.instanceId, payload);
  // The token id was just made (core.ids), so its event starts a new aggregate.
  event.firstOfAggregate = true;
  return event;
}

/**
 * Adds a grant's tokens together with what the grant spends (a code, a device code, the refresh token it
 * rotates): `consume` runs inside the same commit and answers the events of spending it, checked again
 * there, or throws, and then nothing of the grant is written. Resolves once committed (a group commit:
 * the caller answers only then).
 */
export function addTokens(core: Core, actor: Actor, tokens: NewToken[], consume?: () => NewEvent[]): Promise<StoredEvent[]> {
  return core.events.commandGrouped(() => {
    const spent = consume ? consume() : [];
    return [...tokens.map((t) => addedEvent(core.db, actor, t)), ...spent];
  });
}

/**
 * The revocation of a refresh token that rotation replaces (and of its access tokens), decided inside
 * the commit of the new tokens: the token is read again there, and one revoked meanwhile (a concurrent
 * rotation or a revocation) answers undefined.
 */
export function rotationEvents(core: Core, actor: Actor, old: TokenRecord): NewEvent[] | undefined {
  const now = getToken(core.db, old.id);
  if (!now || now.revokedAt) return undefined;
  return tokensRevokedEvents(actor, tokenWithDependents(core.db, now));
}

/** Revokes a token and, for a refresh token, its access tokens; returns the events of those newly revoked. */
export function revokeToken(core: Core, actor: Actor, token: TokenRecord): StoredEvent[] {
  return core.events.command(() => tokensRevokedEvents(actor, tokenWithDependents(core.db, token)));
}

/** Revokes every token issued for an authorization request (a replayed code). */
export function revokeTokensOfAuthRequest(core: Core, actor: Actor, authRequestId: string): StoredEvent[] {
  return core.events.command(() => tokensRevokedEvents(actor, tokensWhere(core.db, "auth_request_id", authRequestId)));
}
