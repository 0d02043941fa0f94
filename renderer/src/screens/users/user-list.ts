// The users of a context as the resource API lists them, loaded whole (pages of 1,000, the API's
// maximum) and filtered in the page: a keystroke on 10,000 users is a scan of precomputed lowercase
// text (bench/ui-filter.ts measures it), far below a server round trip per keystroke.

/** The part of the resource client (api/resource.ts) this module needs; no import, so bench/ui-filter.ts can load it under Node. */
interface Poster {
  post<T>(path: string, body?: unknown): Promise<T>;
}

export interface ApiUser {
  details: { id: string; resourceOwner?: { type: string; id: string } };
  state: string;
  loginName: string;
  human?: {
    username: string;
    profile: { givenName: string; familyName: string; nickName?: string; displayName?: string; preferredLanguage?: string };
    email: { email: string; isVerified?: boolean };
    phone?: { phone: string; isVerified?: boolean };
  };
  machine?: { username: string; name: string; description?: string; accessTokenType?: string };
}

export interface UserRow {
  user: ApiUser;
  id: string;
  name: string;
  kind: "human" | "machine";
  /** The org the user belongs to (its resource owner). */
  orgId: string;
  /** "active", "locked" or "inactive" (USER_STATE_… without its prefix). */
  state: string;
  /** Everything the filter looks at, lowercased once. */
  text: string;
}

const PAGE = 1000;

export function rowOf(user: ApiUser): UserRow {
  const name = user.human ? `${user.human.profile.givenName} ${user.human.profile.familyName}` : (user.machine?.name ?? "");
  const email = user.human?.email.email ?? "";
  return {
    user,
    id: user.details.id,
    name,
    kind: user.human ? "human" : "machine",
    orgId: user.details.resourceOwner?.id ?? "",
    state: user.state.replace("USER_STATE_", "").toLowerCase(),
    text: `${user.loginName}\n${name}\n${email}\n${user.details.id}`.toLowerCase(),
  };
}

/** Every user of the org (or of the instance when no org is given), oldest first. */
export async function loadUsers(resource: Poster, orgId: string | undefined): Promise<UserRow[]> {
  const filters = orgId ? [{ organizationId: { id: orgId } }] : [];
  const page = (offset: number) =>
    resource.post<{ details: { totalResult?: string }; result: ApiUser[] }>(
      `/users/_search?query.limit=${PAGE}&query.offset=${offset}&query.asc=true`,
      filters,
    );
  const first = await page(0);
  const total = Number(first.details.totalResult ?? first.result.length);
  const rest = [];
  for (let offset = PAGE; offset < total; offset += PAGE) rest.push(page(offset));
  const pages = [first, ...(await Promise.all(rest))];
  return pages.flatMap((p) => p.result.map(rowOf));
}

/** The names of the instance's orgs by id (the first 1,000: the API's page). */
export async function orgNames(resource: Poster): Promise<Map<string, string>> {
  const r = await resource.post<{ result: { details: { id: string }; organization: { name: string } }[] }>("/organizations/_search?query.limit=1000", []);
  return new Map(r.result.map((o) => [o.details.id, o.organization.name]));
}

/** The rows whose login name, name, email or id contain every word of the query (case-insensitive). */
export function filterUsers(rows: readonly UserRow[], query: string): readonly UserRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((r) => words.every((w) => r.text.includes(w)));
}

/** The badge of a state: plain for active, a warning for locked and inactive. */
export const stateClass = (state: string) => (state === "active" ? "badge badge-ok" : "badge badge-warn");
