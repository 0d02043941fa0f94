// Signing key commands: adding a key pair made by the key ring (keys/key-ring.ts). Its private key is
// sealed in the event (store/sealed.ts).

import { createPrivateKey, type JsonWebKey, type KeyObject } from "node:crypto";
import type { Actor, GivenId, KeyRingCore } from "../core.js";
import { seal } from "../../store/sealed.js";
import { SigningKeyAdded } from "./events.js";
import { PUBLISH_LIFETIME_MS, SIGN_LIFETIME_MS, type PublicJwk, type SigningKey } from "./signing-key.js";

export interface KeyPair {
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
  /** The private key as a key object, when the maker has it already (no second import). */
  privateKey?: KeyObject;
}

/** The key a pair becomes under `kid`, as addSigningKey records it. */
export function signingKeyOf(pair: KeyPair, kid: string): SigningKey {
  const publicJwk: PublicJwk = { ...pair.publicJwk, kid, alg: "RS256", use: "sig" };
  return { kid, privateKey: pair.privateKey ?? createPrivateKey({ key: pair.privateJwk, format: "jwk" }), publicJwk };
}

/** Adds a key that signs from now for SIGN_LIFETIME_MS and is published for PUBLISH_LIFETIME_MS. */
export function addSigningKey(core: KeyRingCore, actor: Actor, pair: KeyPair, opts: GivenId = {}): SigningKey {
  const key = signingKeyOf(pair, opts.id ?? core.ids.next());
  const now = core.clock.nowMs();
  core.events.command(() => [
    SigningKeyAdded.event(actor, key.kid, actor.instanceId, {
      privateJwk: seal(core.db, JSON.stringify(pair.privateJwk)),
      publicJwk: key.publicJwk,
      signUntil: new Date(now + SIGN_LIFETIME_MS).toISOString(),
      publishUntil: new Date(now + PUBLISH_LIFETIME_MS).toISOString(),
    }),
  ]);
  return key;
}
