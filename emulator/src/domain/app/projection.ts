// App events -> the apps and app_keys tables (client secret digests opened from their seal).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { AppAdded, AppChanged, AppKeyAdded, AppRemoved, AppSecretChanged } from "./events.js";

export function registerAppProjection(p: Projections): void {
  p.tables("app_keys", "apps")
    .on(AppAdded, (db, e) => {
      const { projectId, name, kind, clientId, secretHash, config } = e.payload;
      db.stmt(
        "INSERT INTO apps (id, instance_id, project_id, name, kind, client_id, client_secret_hash, config, created_at, changed_at, sequence) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        e.aggregateId,
        e.instanceId,
        projectId,
        name,
        kind,
        clientId,
        unseal(db, secretHash) ?? null,
        JSON.stringify(config),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(AppChanged, (db, e) => {
      const current = JSON.parse(
        (db.stmt("SELECT config FROM apps WHERE id = ? AND instance_id = ?").get(e.aggregateId, e.instanceId) as { config: string }).config,
      ) as object;
      const { name, secretHash, ...config } = e.payload;
      db.stmt(
        "UPDATE apps SET name = COALESCE(?, name), config = ?, client_secret_hash = COALESCE(?, client_secret_hash), changed_at = ?, sequence = ? " +
          "WHERE instance_id = ? AND id = ?",
      ).run(
        name ?? null,
        JSON.stringify({ ...current, ...config }),
        unseal(db, secretHash) ?? null,
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(AppRemoved, (db, e) => {
      db.stmt("DELETE FROM apps WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    })
    .on(AppSecretChanged, (db, e) => {
      db.stmt("UPDATE apps SET client_secret_hash = ?, changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?").run(
        unseal(db, e.payload.secretHash),
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
        e.instanceId,
      );
    })
    .on(AppKeyAdded, (db, e) => {
      db.stmt("INSERT INTO app_keys (instance_id, id, app_id, public_jwk, expires_at) VALUES (?, ?, ?, ?, ?)").run(
        e.instanceId,
        e.payload.keyId,
        e.aggregateId,
        JSON.stringify(e.payload.publicJwk),
        e.payload.expiresAt ?? null,
      );
    });
}
