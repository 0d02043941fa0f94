// The query keys of the tokens screen, one factory. Everything here changes with the emulator clock
// (a token's state, its record and introspection, the signing keys published), so it sits under the
// live root `clock`: a clock change made anywhere (its change notice) reads it again. What a
// revocation changes sits below `live`, so a revocation reloads it in one call.

import { LIVE_ROOTS } from "../../../api/change-notices";

const root = [LIVE_ROOTS.clock, "tokens"] as const;

export const tokensKeys = {
  all: root,
  /** Every list of issued tokens (one per instance). */
  lists: [...root, "list"] as const,
  list: (instanceId: string) => [...root, "list", instanceId] as const,
  live: [...root, "live"] as const,
  signingKeys: (instanceId: string) => [...root, "live", "keys", instanceId] as const,
  introspection: (instanceId: string, token: string) => [...root, "live", "introspection", instanceId, token] as const,
  clock: [...root, "clock"] as const,
};
