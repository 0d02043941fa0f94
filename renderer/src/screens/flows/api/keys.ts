// The flows screen's query keys, per instance: its OIDC apps and its users.

export const flowsKeys = {
  apps: (instanceId: string | undefined) => ["flows", instanceId ?? "", "apps"] as const,
  users: (instanceId: string | undefined) => ["flows", instanceId ?? "", "users"] as const,
};
