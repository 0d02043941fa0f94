// The org aggregate's events: the org itself and its domains (SvcOrganizations, SvcDomains). The
// type names and payloads are those stored since the first data dirs; keep them.

import { eventType } from "../../store/event-type.js";

export const OrgAdded = eventType<{ name: string }>("org", "org.added");
export const OrgChanged = eventType<{ name?: string }>("org", "org.changed");
export const OrgRemoved = eventType<Record<string, never>>("org", "org.removed");

/** `generated`: the domain every new org gets (its name below the instance's first domain). */
export const OrgDomainAdded = eventType<{ domain: string; verified: boolean; generated?: boolean }>("org", "org.domain.added");
export const OrgDomainVerified = eventType<{ domain: string; validationType: number }>("org", "org.domain.verified");
export const OrgDomainPrimarySet = eventType<{ domain: string }>("org", "org.domain.primary.set");
export const OrgDomainRemoved = eventType<{ domain: string }>("org", "org.domain.removed");
export const OrgDeactivated = eventType<Record<string, never>>("org", "org.deactivated");
export const OrgReactivated = eventType<Record<string, never>>("org", "org.reactivated");
