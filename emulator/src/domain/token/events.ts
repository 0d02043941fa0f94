// The token aggregate's events ("oidc_token"): a token is added with its grant and revoked once.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { ActionClaims, TokenRecord } from "./token.js";
import type { DerivedValue } from "./value.js";

export const OIDC_TOKEN = "oidc_token";

/**
 * The grant a token was added with. The fields a grant may lack (session, authorization request, auth time,
 * amr, refresh token) are left out when null or empty (tokens since issue 15 round 5: a client_credentials
 * token's event is about 85 bytes shorter); older events hold them as null or [], and readers take absent alike.
 */
export type TokenAddedPayload = Omit<
  TokenRecord,
  "id" | "tokenId" | "instanceId" | "revokedAt" | "createdAt" | "personal" | "refreshTokenId" | "sessionId" | "authRequestId" | "authTime" | "amr"
> & {
  sessionId?: string | null;
  authRequestId?: string | null;
  authTime?: string | null;
  amr?: string[];
  /**
   * How the value is made from the aggregate id (domain/token/value.ts), or the value sealed; absent in events
   * of older data dirs (there the aggregate id is the value).
   */
  token?: DerivedValue | Sealed;
  /** The value of the refresh token it belongs to: derived, sealed, or in clear in older events; absent or null for none. */
  refreshTokenId?: DerivedValue | Sealed | string | null;
  /** Claims functions added to the tokens issued with it; absent when none did (the projection does not read it). */
  actionClaims?: ActionClaims;
};

export const TokenAdded = eventType<TokenAddedPayload>(OIDC_TOKEN, "oidc.token.added");
export const TokenRevoked = eventType<{ kind: TokenRecord["kind"] }>(OIDC_TOKEN, "oidc.token.revoked");
