// The diff of a document's org against the instance (issue 12, for the UI and the CLI): per kind of
// a DataOrg, each item of the file is "create" (the instance has no item with its id), "unchanged"
// (it has one with the same content) or "conflict" (it has one with other content; both are given
// side by side); "nameTaken" when another object of the instance has its name (diff-names.ts), and
// "instanceOnly" lists what the instance's org has and the file does not. Both sides are proto3 JSON
// in the export's form; the caller builds the instance side from readOrg and the export's mapping.
// Item ids are the import's error ids (import-ids.ts), so a conflict here is the item the import
// would report. Choices: docs/behaviour.md "Org diff".

import { type NameIndex, type NameTaken, takenNames } from "./diff-names.js";
import { CARRIED_KINDS, itemId } from "./import-ids.js";

type Obj = Record<string, unknown>;
export type DiffStatus = "create" | "conflict" | "unchanged";

export interface KindDiff {
  create: string[];
  unchanged: string[];
  conflicts: { id: string; file: unknown; instance: unknown }[];
  /** Items whose name another object of the instance has (not in `create`: the import would fail on them). */
  nameTaken: NameTaken[];
  /** Ids of the items the instance's org has and the file does not (an import leaves them as they are). */
  instanceOnly: string[];
}

export interface OrgDiff {
  orgId: string;
  /** The org itself: create when the instance has no org with this id. */
  status: DiffStatus;
  kinds: Record<string, KindDiff>;
}

const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const items = (org: Obj, kind: string): Obj[] => (Array.isArray(org[kind]) ? (org[kind] as unknown[]).map(obj) : []);

/**
 * Fields left out of the comparison: secrets (never shown side by side; the instance side is read
 * without them) and fields the import does not carry (a domain's org id, which is
 * the org that holds it, and validation type; a user grant's project grant id), which would
 * otherwise show conflicts an import cannot resolve.
 */
const IGNORED: Readonly<Record<string, readonly string[]>> = {
  humanUsers: ["user.hashedPassword", "user.password", "user.otpCode"],
  domains: ["orgId", "validationType"],
  userGrants: ["projectGrantId"],
};

/**
 * The values the import gives what a file leaves out (import-items.ts), filled into the file's item
 * before comparing, so a file that relies on them is not shown as a conflict.
 */
function withImportDefaults(kind: string, item: Obj): Obj {
  if (kind === "oidcApps") {
    const app = obj(item.app);
    return {
      ...item,
      app: {
        ...app,
        responseTypes: Array.isArray(app.responseTypes) && app.responseTypes.length ? app.responseTypes : ["OIDC_RESPONSE_TYPE_CODE"],
        grantTypes: Array.isArray(app.grantTypes) && app.grantTypes.length ? app.grantTypes : ["OIDC_GRANT_TYPE_AUTHORIZATION_CODE"],
      },
    };
  }
  if (kind === "projectRoles" && !item.displayName) return { ...item, displayName: item.roleKey };
  // A user whose state the file leaves out (or gives as unspecified or initial) is imported active.
  if ((kind === "humanUsers" || kind === "machineUsers") && item.state !== "USER_STATE_INACTIVE" && item.state !== "USER_STATE_LOCKED")
    return { ...item, state: "USER_STATE_ACTIVE" };
  return item;
}

/** A copy of `item` without the `paths` (dotted). */
function without(item: Obj, paths: readonly string[]): Obj {
  const copy = structuredClone(item);
  for (const path of paths) {
    const parts = path.split(".");
    let at: Obj | undefined = copy;
    for (const p of parts.slice(0, -1)) at = at && typeof at[p] === "object" ? (at[p] as Obj) : undefined;
    if (at) delete at[parts.at(-1)!];
  }
  return copy;
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same((a as Obj)[k], (b as Obj)[k]));
}

/**
 * The diff of the file's org `file` against the instance's org `instance` (undefined: the instance
 * has no such org); `names` indexes the names of every object of the instance.
 */
export function diffOrg(file: Obj, instance: Obj | undefined, names: NameIndex): OrgDiff {
  const orgId = typeof file.orgId === "string" ? file.orgId : "";
  const kinds: Record<string, KindDiff> = {};
  for (const kind of CARRIED_KINDS) {
    const ignored = IGNORED[kind] ?? [];
    const theirs = new Map(items(instance ?? {}, kind).map((i) => [itemId(kind, orgId, i), without(i, ignored)]));
    const diff: KindDiff = { create: [], unchanged: [], conflicts: [], nameTaken: [], instanceOnly: [] };
    const seen = new Set<string>();
    for (const item of items(file, kind)) {
      const id = itemId(kind, orgId, item);
      seen.add(id);
      const mine = without(withImportDefaults(kind, item), ignored);
      const other = theirs.get(id);
      const taken = takenNames(names, kind, orgId, id, mine);
      diff.nameTaken.push(...taken);
      if (other === undefined) {
        if (!taken.length) diff.create.push(id);
      } else if (same(mine, other)) diff.unchanged.push(id);
      else diff.conflicts.push({ id, file: mine, instance: other });
    }
    diff.instanceOnly = [...theirs.keys()].filter((id) => !seen.has(id));
    kinds[kind] = diff;
  }
  const org = orgKind(orgId, file, instance, takenNames(names, "org", orgId, orgId, file));
  const status: DiffStatus = org.conflicts.length || org.nameTaken.length ? "conflict" : instance ? "unchanged" : "create";
  return { orgId, status, kinds: { org, ...kinds } };
}

/** The org itself: create, unchanged, or its `org` part side by side; its name may be another org's. */
function orgKind(orgId: string, file: Obj, instance: Obj | undefined, nameTaken: NameTaken[]): KindDiff {
  const kind: KindDiff = { create: [], unchanged: [], conflicts: [], nameTaken, instanceOnly: [] };
  if (!instance) return nameTaken.length ? kind : { ...kind, create: [orgId] };
  if (same(obj(file.org), obj(instance.org))) return { ...kind, unchanged: [orgId] };
  return { ...kind, conflicts: [{ id: orgId, file: obj(file.org), instance: obj(instance.org) }] };
}
