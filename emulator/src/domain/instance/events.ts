// The instance aggregate's events (SvcInstances, the control API's feature flags). The type names
// and payloads are those stored since the first data dirs; keep them.

import { eventType } from "../../store/event-type.js";
import type { Features } from "./instance.js";

export const InstanceAdded = eventType<{ name: string; isDefault: boolean }>("instance", "instance.added");
/** The first domain added is the instance's primary one. */
export const InstanceDomainAdded = eventType<{ domain: string; isPrimary: boolean }>("instance", "instance.domain.added");
export const InstanceChanged = eventType<{ name?: string }>("instance", "instance.changed");
/** `auditLogRetentionMs` null: no retention limit. */
export const InstanceLimitsSet = eventType<{ block?: boolean; auditLogRetentionMs?: number | null }>("instance", "instance.limits.set");
export const InstanceRemoved = eventType<Record<string, never>>("instance", "instance.removed");
export const InstanceFeaturesSet = eventType<Partial<Features>>("instance", "instance.features.set");
/** The org new users and projects fall back to. */
export const InstanceDefaultOrgSet = eventType<{ orgId: string }>("instance", "instance.default_org.set");
