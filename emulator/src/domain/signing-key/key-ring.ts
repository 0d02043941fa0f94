// The key ring of the OIDC provider (Core.keys): finds the key that signs now and makes one when
// there is none. Making a key costs ~50 ms, so one is prepared in the background after start and
// used when the first key is needed.

import { generateKeyPair, generateKeyPairSync, type KeyObject } from "node:crypto";
import type { Core, Origin } from "../core.js";
import { addSigningKey, type KeyPair } from "./commands.js";
import { publishedKeysAt, signingKeyAt } from "./queries.js";
import type { PublicJwk, SigningKey, SigningKeys } from "./signing-key.js";

function exportPair(privateKey: KeyObject, publicKey: KeyObject): KeyPair {
  return { privateJwk: privateKey.export({ format: "jwk" }), publicJwk: publicKey.export({ format: "jwk" }) };
}

export class KeyRing implements SigningKeys {
  private prepared: KeyPair | undefined;

  constructor(private readonly core: Core) {}

  prepare(): void {
    generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => {
      if (!err) this.prepared = exportPair(privateKey, publicKey);
    });
  }

  private makeKey(instanceId: string, origin: Origin): SigningKey {
    const pair =
      this.prepared ??
      (() => {
        const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
        return exportPair(privateKey, publicKey);
      })();
    this.prepared = undefined;
    return addSigningKey(this.core, { instanceId, userId: "SYSTEM", origin }, pair);
  }

  active(instanceId: string): SigningKey {
    return signingKeyAt(this.core.db, instanceId, this.core.clock.now().toISOString()) ?? this.makeKey(instanceId, "oidc");
  }

  published(instanceId: string): PublicJwk[] {
    this.active(instanceId);
    return publishedKeysAt(this.core.db, instanceId, this.core.clock.now().toISOString());
  }

  rotate(instanceId: string, origin: Origin = "oidc"): SigningKey {
    return this.makeKey(instanceId, origin);
  }
}
