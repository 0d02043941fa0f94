// Names an object of a document would take from another object of the instance, for the org diff
// (diff-org.ts): an org name (instance-wide, any case), a user name (instance-wide, humans and
// machines alike), a domain (instance-wide, any case) and a project name (within the org). The
// import refuses the first three (ORG-name-taken, USER-username-taken, DOMAIN-taken); the emulator
// does not refuse a second project of the same name, the product does (docs/behaviour.md "Org diff").

type Obj = Record<string, unknown>;

/** A name of the file's item that another object of the instance has: both are named. */
export interface NameTaken {
  /** The file's item (the import's error id). */
  id: string;
  /** Where the name is in the item, e.g. `user.userName`. */
  field: string;
  value: string;
  /** The object of the instance that has the name. */
  takenBy: { orgId: string; id: string };
}

/** Per name space and normalised name, the object that has it. */
export type NameIndex = Map<string, { orgId: string; id: string }>;

const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (org: Obj, kind: string): Obj[] => (Array.isArray(org[kind]) ? (org[kind] as unknown[]).map(obj) : []);

interface NameRule {
  field: string;
  /** The name space: the same value in two kinds of one space is a clash (human and machine user names). */
  space: string;
  name: (item: Obj) => unknown;
  /** The object's own id, as the import's error ids give it. */
  id: (orgId: string, item: Obj) => string;
  /** Within one org only. */
  perOrg?: boolean;
  fold?: boolean;
}

const RULES: Readonly<Record<string, NameRule>> = {
  org: { field: "org.name", space: "org", name: (o) => obj(o.org).name, id: (orgId) => orgId, fold: true },
  humanUsers: { field: "user.userName", space: "user", name: (i) => obj(i.user).userName, id: (_, i) => String(i.userId ?? "") },
  machineUsers: { field: "user.userName", space: "user", name: (i) => obj(i.user).userName, id: (_, i) => String(i.userId ?? "") },
  domains: { field: "domainName", space: "domain", name: (i) => i.domainName, id: (orgId, i) => `${orgId}_${String(i.domainName ?? "")}`, fold: true },
  projects: { field: "project.name", space: "project", name: (i) => obj(i.project).name, id: (_, i) => String(i.projectId ?? ""), perOrg: true },
};

function key(rule: NameRule, orgId: string, value: string): string {
  return `${rule.space}\u0000${rule.perOrg ? orgId : ""}\u0000${rule.fold ? value.toLowerCase() : value}`;
}

/** The names of every object of the instance's orgs (in the export's form). */
export function nameIndex(orgs: readonly Obj[]): NameIndex {
  const index: NameIndex = new Map();
  for (const org of orgs) {
    const orgId = String(org.orgId ?? "");
    for (const [kind, rule] of Object.entries(RULES))
      for (const item of kind === "org" ? [org] : list(org, kind)) {
        const value = rule.name(item);
        // A domain's id holds its name as the file writes it; the index keys it folded.
        if (typeof value === "string" && value !== "") index.set(key(rule, orgId, value), { orgId, id: rule.id(orgId, item) });
      }
  }
  return index;
}

/** The names of the file's item `item` (of `kind`, in org `orgId`, with id `id`) that another object has. */
export function takenNames(index: NameIndex, kind: string, orgId: string, id: string, item: Obj): NameTaken[] {
  const rule = RULES[kind];
  const value = rule?.name(item);
  if (!rule || typeof value !== "string" || value === "") return [];
  const owner = index.get(key(rule, orgId, value));
  const sameObject = owner && (rule.fold ? owner.id.toLowerCase() === id.toLowerCase() : owner.id === id);
  return owner && !sameObject ? [{ id, field: rule.field, value, takenBy: owner }] : [];
}
