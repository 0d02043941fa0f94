// provider.* -> the message_providers table, the secrets opened; activating one provider of a
// channel deactivates the others of the instance.

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { ProviderActivated, ProviderAdded, ProviderChanged, ProviderDeactivated, ProviderRemoved } from "./events.js";
import { secretsOf } from "./provider.js";

const openSecrets = (db: Database, config: Record<string, unknown>) => secretsOf(config, (v) => unseal(db, v));
const touch = (db: Database, e: { instanceId: string; aggregateId: string; createdAt: string; aggregateSequence: number }) =>
  db
    .stmt("UPDATE message_providers SET changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?")
    .run(e.createdAt, e.aggregateSequence, e.aggregateId, e.instanceId);

export function registerProviderProjection(p: Projections): void {
  p.tables("message_providers")
    .on(ProviderAdded, (db, e) => {
      db.stmt("INSERT INTO message_providers (id, instance_id, channel, config, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.channel,
        JSON.stringify(openSecrets(db, e.payload.config)),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(ProviderChanged, (db, e) => {
      const current = JSON.parse(
        (db.stmt("SELECT config FROM message_providers WHERE id = ? AND instance_id = ?").get(e.aggregateId, e.instanceId) as { config: string }).config,
      ) as object;
      db.stmt("UPDATE message_providers SET config = ? WHERE id = ? AND instance_id = ?").run(
        JSON.stringify({ ...current, ...openSecrets(db, e.payload.config) }),
        e.aggregateId,
        e.instanceId,
      );
      touch(db, e);
    })
    .on(ProviderActivated, (db, e) => {
      db.stmt("UPDATE message_providers SET active = (id = ?) WHERE instance_id = ? AND channel = ?").run(e.aggregateId, e.instanceId, e.payload.channel);
      touch(db, e);
    })
    .on(ProviderDeactivated, (db, e) => {
      db.stmt("UPDATE message_providers SET active = 0 WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
      touch(db, e);
    })
    .on(ProviderRemoved, (db, e) => {
      db.stmt("DELETE FROM message_providers WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    });
}
