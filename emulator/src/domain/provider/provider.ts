// SMTP and SMS providers of an instance (SvcSMTPProviders, SvcSMSProviders): configuration with
// write-only secrets (the SMTP password, the Twilio token: sealed in the events, store/sealed.ts),
// and at most one active provider per channel.

import type { Actor, Core } from "../core.js";
import { notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";
import { seal, unseal } from "../../store/sealed.js";

export type Channel = "smtp" | "sms";

export interface Provider {
  id: string;
  instanceId: string;
  channel: Channel;
  config: Record<string, unknown>;
  active: boolean;
  changedAt: string;
  sequence: number;
}

export interface ProviderRow {
  id: string;
  instance_id: string;
  channel: Channel;
  config: string;
  active: number;
  changed_at: string;
  sequence: number;
}

export const providerFromRow = (r: ProviderRow): Provider => ({
  id: r.id,
  instanceId: r.instance_id,
  channel: r.channel,
  config: JSON.parse(r.config) as Record<string, unknown>,
  active: r.active === 1,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

/** A provider configuration with its secrets (SMTP `password`, Twilio `token`) passed through `map`. */
function secretsOf(config: Record<string, unknown>, map: (v: unknown) => unknown): Record<string, unknown> {
  const out = { ...config };
  if (out.password !== undefined) out.password = map(out.password);
  const twilio = out.twilio as Record<string, unknown> | undefined;
  if (twilio?.token !== undefined) out.twilio = { ...twilio, token: map(twilio.token) };
  return out;
}

const sealSecrets = (db: Database, config: Record<string, unknown>) => secretsOf(config, (v) => seal(db, String(v)));
const openSecrets = (db: Database, config: unknown) => secretsOf(config as Record<string, unknown>, (v) => unseal(db, v));

export function registerProviderProjection(p: Projections): void {
  const touch = (db: Database, id: string, at: string, seq: number) => db.stmt("UPDATE message_providers SET changed_at = ?, sequence = ? WHERE id = ?").run(at, seq, id);
  p.register(["message_providers"], {
    "provider.added": (db, e) => {
      db.stmt("INSERT INTO message_providers (id, instance_id, channel, config, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.channel,
        JSON.stringify(openSecrets(db, e.payload.config)),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "provider.changed": (db, e) => {
      const current = JSON.parse((db.stmt("SELECT config FROM message_providers WHERE id = ?").get(e.aggregateId) as { config: string }).config) as object;
      db.stmt("UPDATE message_providers SET config = ? WHERE id = ?").run(JSON.stringify({ ...current, ...openSecrets(db, e.payload.config) }), e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "provider.activated": (db, e) => {
      db.stmt("UPDATE message_providers SET active = (id = ?) WHERE instance_id = ? AND channel = ?").run(e.aggregateId, e.instanceId, e.payload.channel);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "provider.deactivated": (db, e) => {
      db.stmt("UPDATE message_providers SET active = 0 WHERE id = ?").run(e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "provider.removed": (db, e) => {
      db.stmt("DELETE FROM message_providers WHERE id = ?").run(e.aggregateId);
    },
  });
}

export function activeProvider(db: Database, instanceId: string, channel: Channel): Provider | undefined {
  const r = db.stmt("SELECT * FROM message_providers WHERE instance_id = ? AND channel = ? AND active = 1").get(instanceId, channel) as ProviderRow | undefined;
  return r && providerFromRow(r);
}

export function foundProvider(core: Core, actor: Actor, channel: Channel, id: string): Provider {
  const r = core.db.stmt("SELECT * FROM message_providers WHERE id = ? AND instance_id = ? AND channel = ?").get(id, actor.instanceId, channel) as ProviderRow | undefined;
  if (!r) throw notFound("PROVIDER-not-found", `${channel.toUpperCase()} provider not found`);
  return providerFromRow(r);
}

const event = (actor: Actor, id: string, type: string, payload: Record<string, unknown>) => ({ instanceId: actor.instanceId, aggregateType: "provider", aggregateId: id, type, payload, creator: actor.userId, resourceOwner: actor.instanceId });

export function addProvider(core: Core, actor: Actor, channel: Channel, config: Record<string, unknown>): StoredEvent {
  const [added] = core.events.command(() => [event(actor, core.ids.next(), "provider.added", { channel, config: sealSecrets(core.db, config) })]);
  return added!;
}

export function changeProvider(core: Core, actor: Actor, channel: Channel, id: string, patch: Record<string, unknown>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const p = foundProvider(core, actor, channel, id);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== p.config[k]));
    return Object.keys(diff).length ? [event(actor, id, "provider.changed", { config: sealSecrets(core.db, diff) })] : [];
  });
  return changed;
}

export function setProviderActive(core: Core, actor: Actor, channel: Channel, id: string, active: boolean): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const p = foundProvider(core, actor, channel, id);
    if (p.active === active) return [];
    return [event(actor, id, active ? "provider.activated" : "provider.deactivated", { channel })];
  });
  return set;
}

export function removeProvider(core: Core, actor: Actor, channel: Channel, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    foundProvider(core, actor, channel, id);
    return [event(actor, id, "provider.removed", { channel })];
  });
  return removed!;
}
