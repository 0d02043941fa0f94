// The query keys of the context hierarchy, one factory. Every key but the root names its instance
// (each instance is reached with its own resource client), so a change in one instance invalidates
// that instance's answers only, and a deleted instance's answers are dropped in one call.

export const hierarchyKeys = {
  all: ["hierarchy"] as const,
  instance: (instanceId: string) => ["hierarchy", instanceId] as const,
  orgs: (instanceId: string) => ["hierarchy", instanceId, "orgs"] as const,
  projects: (instanceId: string, orgId: string) => ["hierarchy", instanceId, "projects", orgId] as const,
  apps: (instanceId: string, projectId: string) => ["hierarchy", instanceId, "apps", projectId] as const,
  domains: (instanceId: string, orgId: string) => ["hierarchy", instanceId, "domains", orgId] as const,
  /** Without an org: the instance's settings, and (as a prefix) every org's, which inherit them. */
  languages: (instanceId: string, orgId?: string) => ["hierarchy", instanceId, "languages", ...(orgId ? [orgId] : [])] as const,
  /** Without an org: the instance's IDPs, and (as a prefix) every org's, whose effective state follows them. */
  idps: (instanceId: string, orgId?: string) => ["hierarchy", instanceId, "idps", ...(orgId ? [orgId] : [])] as const,
};
