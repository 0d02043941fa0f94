// Instance commands of SvcInstances: create (with its domains and a default org), rename, remove
// (never the default instance), and limits (block, audit log retention).

import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { addOrg } from "../org/org.js";
import { addInstance, getInstance, instanceByDomain, type Instance } from "./instance.js";

export function foundInstance(core: Core, id: string): Instance {
  const i = getInstance(core.db, id);
  if (!i) throw notFound("INSTANCE-not-found", "Instance not found");
  return i;
}

function event(actor: Actor, id: string, type: string, payload: Record<string, unknown>) {
  return { instanceId: id, aggregateType: "instance", aggregateId: id, type, payload, creator: actor.userId, resourceOwner: id };
}

export function createInstance(core: Core, actor: Actor, input: { name: string; domains: string[]; defaultOrgName: string }): Instance {
  const taken = input.domains.find((d) => instanceByDomain(core.db, d) || ["localhost", "127.0.0.1"].includes(d));
  if (taken) throw alreadyExists("INSTANCE-domain-taken", `The domain ${taken} already reaches an instance`);
  const id = addInstance(core, { name: input.name, isDefault: false, domains: [...new Set(input.domains.map((d) => d.toLowerCase()))] }, actor.userId);
  addOrg(core, id, { name: input.defaultOrgName || "Default Org" }, actor.userId);
  return getInstance(core.db, id)!;
}

export function renameInstance(core: Core, actor: Actor, id: string, name: string | undefined): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const i = foundInstance(core, id);
    return name === undefined || name === i.name ? [] : [event(actor, id, "instance.changed", { name })];
  });
  return changed;
}

export function removeInstance(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    if (foundInstance(core, id).isDefault) throw failedPrecondition("INSTANCE-is-default", "The default instance cannot be deleted");
    return [event(actor, id, "instance.removed", {})];
  });
  return removed!;
}

/** `auditLogRetentionMs` 0 removes the retention limit. */
export function setLimits(core: Core, actor: Actor, id: string, limits: { block?: boolean; auditLogRetentionMs?: number }): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const i = foundInstance(core, id);
    const payload: Record<string, unknown> = {};
    if (limits.block !== undefined && limits.block !== i.blocked) payload.block = limits.block;
    if (limits.auditLogRetentionMs !== undefined) {
      const next = limits.auditLogRetentionMs === 0 ? null : limits.auditLogRetentionMs;
      if (next !== i.auditLogRetentionMs) payload.auditLogRetentionMs = next;
    }
    return Object.keys(payload).length ? [event(actor, id, "instance.limits.set", payload)] : [];
  });
  return set;
}
