// The Actions screen's query keys, per instance (each instance has its own targets, executions and calls).

export const actionsKeys = {
  all: (instanceId: string | undefined) => ["actions", instanceId ?? ""] as const,
  targets: (instanceId: string | undefined) => [...actionsKeys.all(instanceId), "targets"] as const,
  executions: (instanceId: string | undefined) => [...actionsKeys.all(instanceId), "executions"] as const,
  choices: (instanceId: string | undefined) => [...actionsKeys.all(instanceId), "choices"] as const,
  calls: (instanceId: string | undefined) => [...actionsKeys.all(instanceId), "calls"] as const,
};
