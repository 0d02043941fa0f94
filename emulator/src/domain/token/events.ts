// The token aggregate's events ("oidc_token"): a token is added with its grant and revoked once.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { ActionClaims, TokenRecord } from "./token.js";
import type { DerivedValue } from "./value.js";

export const OIDC_TOKEN = "oidc_token";

export type TokenAddedPayload = Omit<TokenRecord, "id" | "tokenId" | "instanceId" | "revokedAt" | "createdAt" | "personal" | "refreshTokenId"> & {
  /**
   * How the value is made from the aggregate id (domain/token/value.ts), or the value sealed; absent in events
   * of older data dirs (there the aggregate id is the value).
   */
  token?: DerivedValue | Sealed;
  /** The value of the refresh token it belongs to: derived, sealed, or in clear in older events. */
  refreshTokenId: DerivedValue | Sealed | string | null;
  /** Claims functions added to the tokens issued with it; absent when none did (the projection does not read it). */
  actionClaims?: ActionClaims;
};

export const TokenAdded = eventType<TokenAddedPayload>(OIDC_TOKEN, "oidc.token.added");
export const TokenRevoked = eventType<{ kind: TokenRecord["kind"] }>(OIDC_TOKEN, "oidc.token.revoked");
