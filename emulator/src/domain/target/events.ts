// The target aggregate's events (owned by the instance). Type names and payloads are those stored
// since targets came; existing data dirs replay them. The signing key is sealed (store/sealed.ts).

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { TargetConfig } from "./target.js";

const AGGREGATE = "target";

export const TargetAdded = eventType<TargetConfig & { signingKey: Sealed }>(AGGREGATE, "target.added");
/** Only the fields that changed. */
export const TargetChanged = eventType<Partial<TargetConfig>>(AGGREGATE, "target.changed");
/** The name is kept so the log tells which target went. */
export const TargetRemoved = eventType<{ name: string }>(AGGREGATE, "target.removed");
