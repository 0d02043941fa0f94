// signing_key.added -> the signing_keys table (the private key opened).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { SigningKeyAdded } from "./events.js";
import { hot } from "../../store/hot-statements.js";

/** Hot: the instance's first key is made by its first JWT. */
const INSERT_SIGNING_KEY = hot(
  "INSERT INTO signing_keys (kid, instance_id, private_jwk, public_jwk, created_at, sign_until, publish_until) VALUES (?, ?, ?, ?, ?, ?, ?)",
);

export function registerSigningKeyProjection(p: Projections): void {
  p.tables("signing_keys").on(SigningKeyAdded, (db, e) => {
    db.stmt(INSERT_SIGNING_KEY).run(
      e.aggregateId,
      e.instanceId,
      unseal(db, e.payload.privateJwk),
      JSON.stringify(e.payload.publicJwk),
      e.createdAt,
      e.payload.signUntil,
      e.payload.publishUntil,
    );
  });
}
