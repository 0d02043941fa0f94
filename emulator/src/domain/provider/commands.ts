// Provider commands of SvcSMTPProviders and SvcSMSProviders: add, change (only the fields that
// differ), activate or deactivate (no event when already so), remove. Secrets are sealed in the
// events. A given id (seed, import) is kept.

import type { Actor, Core, GivenId } from "../core.js";
import { notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import { seal } from "../../store/sealed.js";
import { ProviderActivated, ProviderAdded, ProviderChanged, ProviderDeactivated, ProviderRemoved } from "./events.js";
import { secretsOf, type Channel, type Provider } from "./provider.js";
import { getProvider } from "./queries.js";

const sealSecrets = (db: Database, config: Record<string, unknown>) => secretsOf(config, (v) => seal(db, String(v)));

export function foundProvider(core: Core, actor: Actor, channel: Channel, id: string): Provider {
  const p = getProvider(core.db, actor.instanceId, channel, id);
  if (!p) throw notFound("PROVIDER-not-found", `${channel.toUpperCase()} provider not found`);
  return p;
}

export function addProvider(core: Core, actor: Actor, channel: Channel, config: Record<string, unknown>, opts: GivenId = {}): StoredEvent {
  const [added] = core.events.command(() => [
    ProviderAdded.event(actor, opts.id ?? core.ids.next(), actor.instanceId, { channel, config: sealSecrets(core.db, config) }),
  ]);
  return added!;
}

export function changeProvider(core: Core, actor: Actor, channel: Channel, id: string, patch: Record<string, unknown>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const p = foundProvider(core, actor, channel, id);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== p.config[k]));
    return Object.keys(diff).length ? [ProviderChanged.event(actor, id, actor.instanceId, { config: sealSecrets(core.db, diff) })] : [];
  });
  return changed;
}

export function setProviderActive(core: Core, actor: Actor, channel: Channel, id: string, active: boolean): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const p = foundProvider(core, actor, channel, id);
    if (p.active === active) return [];
    return [(active ? ProviderActivated : ProviderDeactivated).event(actor, id, actor.instanceId, { channel })];
  });
  return set;
}

export function removeProvider(core: Core, actor: Actor, channel: Channel, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    foundProvider(core, actor, channel, id);
    return [ProviderRemoved.event(actor, id, actor.instanceId, { channel })];
  });
  return removed!;
}
