// IDP events -> the idps table and the child contexts' idp_state_policies.

import type { Projections } from "../../store/projections.js";
import { IdpAdded, IdpChanged, IdpRemoved, IdpStatePolicySet } from "./events.js";

export function registerIdpProjection(p: Projections): void {
  p.tables("idp_state_policies", "idps")
    .on(IdpAdded, (db, e) => {
      const x = e.payload;
      db.stmt(
        "INSERT INTO idps (id, instance_id, owner_type, owner_id, name, provider_type, config, options, own_state, created_at, changed_at, sequence) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        e.aggregateId,
        e.instanceId,
        x.ownerType,
        x.ownerId,
        x.name,
        x.providerType,
        JSON.stringify(x.config),
        JSON.stringify(x.options),
        x.ownState,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(IdpChanged, (db, e) => {
      const x = e.payload;
      db.stmt(
        "UPDATE idps SET name = COALESCE(?, name), config = COALESCE(?, config), options = COALESCE(?, options), " +
          "own_state = COALESCE(?, own_state), changed_at = ?, sequence = ? WHERE instance_id = ? AND id = ?",
      ).run(
        x.name ?? null,
        x.config ? JSON.stringify(x.config) : null,
        x.options ? JSON.stringify(x.options) : null,
        x.ownState ?? null,
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(IdpStatePolicySet, (db, e) => {
      const { contextType, contextId, policy } = e.payload;
      if (policy === "inherit")
        db.stmt("DELETE FROM idp_state_policies WHERE idp_id = ? AND context_type = ? AND context_id = ? AND instance_id = ?").run(
          e.aggregateId,
          contextType,
          contextId,
          e.instanceId,
        );
      else
        db.stmt(
          "INSERT INTO idp_state_policies (instance_id, idp_id, context_type, context_id, policy) VALUES (?, ?, ?, ?, ?) " +
            "ON CONFLICT DO UPDATE SET policy = excluded.policy",
        ).run(e.instanceId, e.aggregateId, contextType, contextId, policy);
      db.stmt("UPDATE idps SET changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?").run(
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
        e.instanceId,
      );
    })
    .on(IdpRemoved, (db, e) => {
      db.stmt("DELETE FROM idps WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    });
}
