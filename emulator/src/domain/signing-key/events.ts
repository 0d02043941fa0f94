// The signing key aggregate's events: a key is added and never changed (it ages out by its times).

import type { JsonWebKey } from "node:crypto";
import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { PublicJwk } from "./signing-key.js";

export const SIGNING_KEY = "signing_key";

export interface SigningKeyAddedPayload {
  /** The private JWK as JSON, sealed (store/sealed.ts); events of older data dirs may hold it in clear. */
  privateJwk: Sealed | JsonWebKey | string;
  publicJwk: PublicJwk;
  signUntil: string;
  publishUntil: string;
}

export const SigningKeyAdded = eventType<SigningKeyAddedPayload>(SIGNING_KEY, "signing_key.added");
