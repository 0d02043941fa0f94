// Membership events: `<context type>.member.<added|changed|removed>` on the context's aggregate
// (the type names stored since the first data dirs; keep them), each with the whole membership.

import { eventType, type EventType } from "../../store/event-type.js";
import { CONTEXT_TYPES, type ContextType } from "./membership.js";

export interface MembershipPayload {
  contextType: ContextType;
  contextId: string;
  userId: string;
  roles: string[];
}

const perContext = (what: string) =>
  Object.fromEntries(CONTEXT_TYPES.map((t) => [t, eventType<MembershipPayload>(t, `${t}.member.${what}`)])) as Record<
    ContextType,
    EventType<MembershipPayload>
  >;

export const MemberAdded = perContext("added");
export const MemberChanged = perContext("changed");
export const MemberRemoved = perContext("removed");
