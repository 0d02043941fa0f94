// IDP events (reusable resources): added in an owning context, configuration and own state changed
// there, a child context's state policy set, removed. The type names and payloads are those stored
// since the first data dirs; keep them.

import { eventType } from "../../store/event-type.js";
import type { ContextType } from "../context/context.js";
import type { Idp, Policy, State } from "./idp.js";

export const IdpAdded = eventType<{
  ownerType: ContextType;
  ownerId: string;
  name: string;
  providerType: Idp["providerType"];
  config: Idp["config"];
  options: Idp["options"];
  ownState: State;
}>("idp", "idp.added");
/** Only what changed. */
export interface IdpChangedPayload {
  name?: string;
  config?: Idp["config"];
  options?: Idp["options"];
  ownState?: State;
}
export const IdpChanged = eventType<IdpChangedPayload>("idp", "idp.changed");
/** A policy of "inherit" removes the context's own policy. */
export const IdpStatePolicySet = eventType<{ contextType: ContextType; contextId: string; policy: Policy }>("idp", "idp.state_policy.set");
export const IdpRemoved = eventType<Record<string, never>>("idp", "idp.removed");
