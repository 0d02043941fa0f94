// Instance commands of SvcInstances and the control API: create (with its domains and, from the
// API, a default org), rename, remove (never the default instance), limits (block, audit log
// retention) and feature flags. An instance's events are in the instance itself, whoever acts.

import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event.js";
import { createOrg } from "../org/commands.js";
import { InstanceAdded, InstanceChanged, InstanceDomainAdded, InstanceFeaturesSet, InstanceLimitsSet, InstanceRemoved } from "./events.js";
import type { Features, Instance } from "./instance.js";
import { getInstance, instanceByDomain } from "./queries.js";

export function foundInstance(core: Core, id: string): Instance {
  const i = getInstance(core.db, id);
  if (!i) throw notFound("INSTANCE-not-found", "Instance not found");
  return i;
}

/** The actor acting on instance `id` (its events belong to that instance). */
const inInstance = (actor: Actor, id: string): Actor => ({ ...actor, instanceId: id });

export interface InstanceInput {
  name: string;
  domains: string[];
  /** The instance loopback host names reach; only it may have them as domains. Default false. */
  isDefault?: boolean;
  /** The name of the org created with the instance ("" gives "Default Org"); none when undefined (the seed adds its own orgs). */
  defaultOrgName?: string;
}

/** `opts.id`: keep a given id (seed, import); else a new one. */
export function createInstance(core: Core, actor: Actor, input: InstanceInput, opts: GivenId = {}): Instance {
  const id = opts.id ?? core.ids.next();
  const on = inInstance(actor, id);
  const domains = [...new Set(input.domains.map((d) => d.toLowerCase()))];
  core.events.command(() => {
    const taken = domains.find((d) => instanceByDomain(core.db, d) || (!input.isDefault && ["localhost", "127.0.0.1"].includes(d)));
    if (taken) throw alreadyExists("INSTANCE-domain-taken", `The domain ${taken} already reaches an instance`);
    return [
      InstanceAdded.event(on, id, id, { name: input.name, isDefault: input.isDefault ?? false }),
      ...domains.map((domain, i) => InstanceDomainAdded.event(on, id, id, { domain, isPrimary: i === 0 })),
    ];
  });
  if (input.defaultOrgName !== undefined) createOrg(core, on, { name: input.defaultOrgName || "Default Org" });
  return getInstance(core.db, id)!;
}

export function renameInstance(core: Core, actor: Actor, id: string, name: string | undefined): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const i = foundInstance(core, id);
    return name === undefined || name === i.name ? [] : [InstanceChanged.event(inInstance(actor, id), id, id, { name })];
  });
  return changed;
}

export function removeInstance(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    if (foundInstance(core, id).isDefault) throw failedPrecondition("INSTANCE-is-default", "The default instance cannot be deleted");
    return [InstanceRemoved.event(inInstance(actor, id), id, id, {})];
  });
  return removed!;
}

/** `auditLogRetentionMs` 0 removes the retention limit. */
export function setLimits(core: Core, actor: Actor, id: string, limits: { block?: boolean; auditLogRetentionMs?: number }): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const i = foundInstance(core, id);
    const payload: { block?: boolean; auditLogRetentionMs?: number | null } = {};
    if (limits.block !== undefined && limits.block !== i.blocked) payload.block = limits.block;
    if (limits.auditLogRetentionMs !== undefined) {
      const next = limits.auditLogRetentionMs === 0 ? null : limits.auditLogRetentionMs;
      if (next !== i.auditLogRetentionMs) payload.auditLogRetentionMs = next;
    }
    return Object.keys(payload).length ? [InstanceLimitsSet.event(inInstance(actor, id), id, id, payload)] : [];
  });
  return set;
}

/** Sets the named feature flags; the others keep their value. */
export function setFeatures(core: Core, actor: Actor, id: string, features: Partial<Features>): StoredEvent {
  const [set] = core.events.command(() => {
    foundInstance(core, id);
    return [InstanceFeaturesSet.event(inInstance(actor, id), id, id, features)];
  });
  return set!;
}
