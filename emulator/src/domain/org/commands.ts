// Org commands of SvcOrganizations: rename, remove (never the instance's default org, which new
// users and projects fall back to), make an org the instance's default.

import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { defaultOrgId, getOrg, listOrgs } from "./org.js";
import { generatedDomainEvents } from "./domains.js";

const orgNotFound = () => notFound("ORG-not-found", "Organization not found");

function event(actor: Actor, orgId: string, type: string, payload: Record<string, unknown>) {
  return { instanceId: actor.instanceId, aggregateType: "org", aggregateId: orgId, type, payload, creator: actor.userId, resourceOwner: orgId };
}

function checkNameFree(core: Core, actor: Actor, name: string, except?: string): void {
  if (listOrgs(core.db, actor.instanceId).some((o) => o.name.toLowerCase() === name.toLowerCase() && o.id !== except)) {
    throw alreadyExists("ORG-name-taken", `An organization named ${JSON.stringify(name)} already exists`);
  }
}

export function createOrg(core: Core, actor: Actor, name: string): StoredEvent {
  const id = core.ids.next();
  const [added] = core.events.command(() => {
    checkNameFree(core, actor, name);
    return [event(actor, id, "org.added", { name }), ...generatedDomainEvents(core.db, actor.instanceId, id, name, actor.userId)];
  });
  return added!;
}

export function renameOrg(core: Core, actor: Actor, id: string, name: string | undefined): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const org = getOrg(core.db, actor.instanceId, id);
    if (!org) throw orgNotFound();
    if (name === undefined || name === org.name) return [];
    checkNameFree(core, actor, name, id);
    return [event(actor, id, "org.changed", { name })];
  });
  return changed;
}

export function removeOrg(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    if (!getOrg(core.db, actor.instanceId, id)) throw orgNotFound();
    if (defaultOrgId(core.db, actor.instanceId) === id) throw failedPrecondition("ORG-is-default", "The instance's default organization cannot be deleted; make another one the default first");
    return [event(actor, id, "org.removed", {})];
  });
  return removed!;
}

export function setDefaultOrg(core: Core, actor: Actor, id: string): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    if (!getOrg(core.db, actor.instanceId, id)) throw orgNotFound();
    if (defaultOrgId(core.db, actor.instanceId) === id) return [];
    return [{ instanceId: actor.instanceId, aggregateType: "instance", aggregateId: actor.instanceId, type: "instance.default_org.set", payload: { orgId: id }, creator: actor.userId, resourceOwner: actor.instanceId }];
  });
  return set;
}
