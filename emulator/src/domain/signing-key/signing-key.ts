// Signing keys (wire-facts 6.6): RS256, 2048 bits, with a kid. A key signs for 6h and stays
// published for 30h after it was made, so tokens signed with it still verify; both on the emulator
// clock. This file holds the model only (no Core), so domain/core.ts can name the key ring's type
// without an import cycle.

import type { KeyObject, JsonWebKey } from "node:crypto";
import type { JWTVerifyGetKey } from "jose";
import type { Origin } from "../../store/event.js";

export const SIGN_LIFETIME_MS = 6 * 3600_000;
export const PUBLISH_LIFETIME_MS = 30 * 3600_000;

export type PublicJwk = JsonWebKey & { kid: string; alg: string; use: string };

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

/** The OIDC provider's keys of every instance (keys/key-ring.ts). */
export interface SigningKeys {
  /** Has the first key pair ready for the first token: from the stock, or made in the background. */
  prepare(): void;
  /** The emulator is closing: nothing more goes into the stock. */
  close(): void;
  /**
   * Resolves once the pair being made in the background is there (at once when none is being
   * made): the first token waits for it instead of making a second pair on the main thread.
   */
  whenReady(): Promise<void>;
  /** The key that signs now; a new one when the newest has stopped signing. */
  active(instanceId: string): SigningKey;
  /**
   * The key that signs now, for a signature about to begin. When it is new, `record` appends its event:
   * called once the signature has begun (the event is written while the thread pool signs), and always
   * called, also when beginning the signature failed.
   */
  signer(instanceId: string): { key: SigningKey; record?: () => void };
  /** The published keys: every key still inside its publication lifetime, newest first. */
  published(instanceId: string): PublicJwk[];
  /** The published keys as a verification key set (made once per set of keys). */
  verificationKeys(instanceId: string): JWTVerifyGetKey | undefined;
  /** Rotation on demand: a new key signs from now on; older ones stay published. */
  rotate(instanceId: string, origin?: Origin): SigningKey;
}
