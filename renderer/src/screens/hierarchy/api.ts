// The v3alpha calls of the hierarchy screen, typed as the proto3 JSON the emulator answers: orgs,
// projects, apps, domains (SvcOrganizations, SvcProjects, SvcApps, SvcDomains), the language settings
// of a context with their owners (SvcLanguageSettings) and the reusable IDPs with their state policy
// per context (SvcIdentityProviders), and the system's instances (SvcInstances). The clients given
// reach one instance (api/resource.ts: the page's Host, or the x-svc-instance-host header).

import type { ResourceClient } from "../../api/resource";

export interface Owner {
  type: "OWNER_TYPE_SYSTEM" | "OWNER_TYPE_INSTANCE" | "OWNER_TYPE_ORG" | "OWNER_TYPE_UNSPECIFIED";
  id: string;
}
interface Details {
  id: string;
  sequence?: string;
  resourceOwner?: Owner;
}
interface Page<T> {
  details: { totalResult?: string };
  /** Filled in when proto3 JSON left it out (api/answer-lists.ts). */
  result: T[];
}

export interface Org {
  details: Details;
  organization: { name: string };
  state: "ORGANIZATION_STATE_ACTIVE" | "ORGANIZATION_STATE_INACTIVE" | string;
  isInstanceDefault?: boolean;
  primaryDomain?: string;
}
export interface Project {
  details: Details;
  project: { name: string };
}
export interface App {
  details: Details;
  clientId?: string;
  oidc?: { name: string };
  api?: { name: string };
}
export interface Domain {
  domain: string;
  orgId: string;
  isVerified?: boolean;
  isPrimary?: boolean;
}
export interface Resolved<T> {
  value: T;
  /** Present when the value is inherited: the context it comes from. */
  owner?: Owner;
}
export interface LanguageSettings {
  defaultLanguage: Resolved<string>;
  restrictedLanguages: Resolved<{ key: string }[]>;
  supportedLanguages: Resolved<{ key: string }[]>;
}
export type StatePolicy = "STATE_POLICY_INHERIT" | "STATE_POLICY_ACTIVATE" | "STATE_POLICY_DEACTIVATE";
export interface Idp {
  details: Details;
  parent?: { parent: Owner; state?: string };
  state?: string;
  type?: string;
  idp: { name: string; statePolicy?: StatePolicy };
}

/** The context of a settings or IDP call: the instance of the Host (no parameter) or one of its orgs. */
export type Ctx = { orgId: string } | undefined;
const ctxQuery = (ctx: Ctx) => (ctx ? `?ctx.orgId=${encodeURIComponent(ctx.orgId)}` : "");

// SearchOrganizations answers at most 1000 per page; the tree wants every org of the instance.
async function all<T>(r: ResourceClient, path: string, filters: unknown[]): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; ) {
    const page = await r.post<Page<T>>(`${path}${path.includes("?") ? "&" : "?"}query.limit=1000&query.asc=true&query.offset=${offset}`, filters);
    const got = page.result;
    out.push(...got);
    offset += got.length;
    // proto3 JSON leaves out false and 0: the total decides.
    if (got.length === 0 || offset >= Number(page.details.totalResult ?? 0)) return out;
  }
}

export const hierarchyApi = (r: ResourceClient, settings: ResourceClient) => ({
  orgs: () => all<Org>(r, "/organizations/_search", []),
  projects: (orgId: string) => all<Project>(r, "/projects/_search", [{ organizationId: { id: orgId } }]),
  apps: (projectId: string) => all<App>(r, "/apps/_search", [{ projectId: { id: projectId } }]),
  createOrg: (name: string) => r.post<{ details: Details }>("/organizations", { name }),
  renameOrg: (id: string, name: string) => r.patch(`/organizations/${encodeURIComponent(id)}`, { name }),
  setOrgActive: (id: string, active: boolean) => r.post(`/organizations/${encodeURIComponent(id)}/${active ? "_reactivate" : "_deactivate"}`),
  deleteOrg: (id: string) => r.delete(`/organizations/${encodeURIComponent(id)}`),
  setDefaultOrg: (id: string) => r.post(`/organizations/${encodeURIComponent(id)}/_set_as_instance_default`),
  renameInstance: (id: string, name: string) => r.patch(`/instances/${encodeURIComponent(id)}`, { name }),
  // SvcInstances is the system's: a system owner's token reaches it from any instance.
  createInstance: (name: string, domain: string) => r.post<{ details: Details }>("/instances", { name, domains: [domain] }),
  deleteInstance: (id: string) => r.delete(`/instances/${encodeURIComponent(id)}`),
  domains: (orgId: string) => all<Domain>(r, "/domains/_search", [{ organizationId: { id: orgId } }]),
  addDomain: (orgId: string, domain: string) => r.post(`/domains?organization.orgId=${encodeURIComponent(orgId)}`, { domain }),
  validateDomain: (domain: string) => r.post(`/domains/${encodeURIComponent(domain)}/_validate`, { type: "VALIDATION_TYPE_DNS" }),
  setPrimaryDomain: (domain: string) => r.post(`/domains/${encodeURIComponent(domain)}/_set_as_primary`),
  deleteDomain: (domain: string) => r.delete(`/domains/${encodeURIComponent(domain)}`),
  languages: (ctx: Ctx) => settings.get<{ settings: LanguageSettings }>(`/languages${ctxQuery(ctx)}`).then((a) => a.settings),
  /** `change` holds the fields to set or reset; the others keep their value. */
  setLanguages: (ctx: Ctx, change: Record<string, unknown>) => settings.patch(`/languages${ctxQuery(ctx)}`, change),
  idps: (ctx: Ctx) => all<Idp>(r, `/idps/_search${ctxQuery(ctx)}`, []),
  setIdpPolicy: (ctx: Ctx, id: string, statePolicy: StatePolicy) => r.patch(`/idps/gitlab/${encodeURIComponent(id)}${ctxQuery(ctx)}`, { idp: { statePolicy } }),
});
export type HierarchyApi = ReturnType<typeof hierarchyApi>;
