// Settings (spec "Settings"): each context stores only the properties it set; a property resolves
// along the context chain and reports the owner it is inherited from. Writing is one event per
// change, `settings.<group>.set`, with the properties set (a value) or reset (null) (events.ts).

import type { Context } from "../context/context.js";

export interface Resolved<T> {
  value: T;
  /** The context the value comes from. */
  owner: Context;
}
