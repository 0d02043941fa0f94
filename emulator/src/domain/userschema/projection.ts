// user_schema.* -> the user_schemas table; every change but removal touches changed_at and sequence.

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { UserSchemaAdded, UserSchemaChanged, UserSchemaRemoved, UserSchemaStateSet } from "./events.js";

const touch = (db: Database, e: { instanceId: string; aggregateId: string; createdAt: string; aggregateSequence: number }) =>
  db
    .stmt("UPDATE user_schemas SET changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?")
    .run(e.createdAt, e.aggregateSequence, e.aggregateId, e.instanceId);

export function registerUserSchemaProjection(p: Projections): void {
  p.tables("user_schemas")
    .on(UserSchemaAdded, (db, e) => {
      db.stmt(
        "INSERT INTO user_schemas (id, instance_id, type, schema, authenticators, state, revision, created_at, changed_at, sequence) " +
          "VALUES (?, ?, ?, ?, ?, 'active', 1, ?, ?, ?)",
      ).run(
        e.aggregateId,
        e.instanceId,
        e.payload.type,
        JSON.stringify(e.payload.schema),
        JSON.stringify(e.payload.authenticators),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(UserSchemaChanged, (db, e) => {
      const x = e.payload;
      db.stmt(
        "UPDATE user_schemas SET type = COALESCE(?, type), schema = COALESCE(?, schema), " +
          "authenticators = COALESCE(?, authenticators), revision = revision + ? WHERE instance_id = ? AND id = ?",
      ).run(
        x.type ?? null,
        x.schema ? JSON.stringify(x.schema) : null,
        x.authenticators ? JSON.stringify(x.authenticators) : null,
        x.schema ? 1 : 0,
        e.instanceId,
        e.aggregateId,
      );
      touch(db, e);
    })
    .on(UserSchemaStateSet, (db, e) => {
      db.stmt("UPDATE user_schemas SET state = ? WHERE id = ? AND instance_id = ?").run(e.payload.state, e.aggregateId, e.instanceId);
      touch(db, e);
    })
    .on(UserSchemaRemoved, (db, e) => {
      db.stmt("DELETE FROM user_schemas WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    });
}
