// Values a command has just made in clear (a sealed secret, a token value) that its event's projection
// needs again a moment later: remembered by the handle the event holds, so the projection takes the
// value instead of deciphering or recomputing it. Bounded (the oldest goes first), per database image
// like every cache of Database (forgotten with reset, restore, a rollback); a value not found is made
// again from the event by its owner.

import type { Database } from "./database.js";

/** At most this many values made and not yet taken are remembered per kind. */
const RECENT_MAX = 64;

export interface RecentlyMade {
  remember(handle: string, value: string): void;
  /** The value made under `handle`, once; undefined when it was not remembered (or already taken). */
  take(handle: string): string | undefined;
}

/** The remembered values of one kind in `db` (one object per database image: nothing is allocated per call). */
export function recentlyMade(db: Database, kind: string): RecentlyMade {
  return db.cached(`recently-made:${kind}`, () => {
    const open = new Map<string, string>();
    return {
      remember(handle, value) {
        open.set(handle, value);
        if (open.size > RECENT_MAX) open.delete(open.keys().next().value!);
      },
      take(handle) {
        const value = open.get(handle);
        if (value !== undefined) open.delete(handle);
        return value;
      },
    } satisfies RecentlyMade;
  });
}
