// The query keys of the tokens screen, one factory. What the emulator clock and a revocation change
// (the signing keys published, a token's record and introspection) sits below `live`, so a clock
// change or a revocation reloads it in one call.

export const tokensKeys = {
  all: ["tokens"] as const,
  /** Every list of issued tokens (one per instance). */
  lists: ["tokens", "list"] as const,
  list: (instanceId: string) => ["tokens", "list", instanceId] as const,
  live: ["tokens", "live"] as const,
  signingKeys: (instanceId: string) => ["tokens", "live", "keys", instanceId] as const,
  introspection: (instanceId: string, token: string) => ["tokens", "live", "introspection", instanceId, token] as const,
  clock: ["tokens", "clock"] as const,
};
