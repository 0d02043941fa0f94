// The users of a context as rows, filtered in the page: the list is loaded whole (api/search-users.ts)
// and a keystroke on 10,000 users is a scan of precomputed lowercase text (bench/ui-users-filter.ts
// measures it), far below a server round trip per keystroke. No import beyond types, so the bench can
// load this module under Node.

import type { GetUserJson } from "../../../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";

/** A user as the resource API answers it (the generated proto3 JSON type; the name this module always exported). */
export type ApiUser = GetUserJson;

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

export function rowOf(user: ApiUser): UserRow {
  const profile = user.human?.profile;
  const name = user.human ? `${profile?.givenName ?? ""} ${profile?.familyName ?? ""}` : (user.machine?.name ?? "");
  const email = user.human?.email?.email ?? "";
  const id = user.details?.id ?? "";
  return {
    user,
    id,
    name,
    kind: user.human ? "human" : "machine",
    orgId: user.details?.resourceOwner?.id ?? "",
    state: (user.state ?? "").replace("USER_STATE_", "").toLowerCase(),
    text: `${user.loginName ?? ""}\n${name}\n${email}\n${id}`.toLowerCase(),
  };
}

/** The rows whose login name, name, email or id contain every word of the query (case-insensitive). */
export function filterUsers(rows: readonly UserRow[], query: string): readonly UserRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((r) => words.every((w) => r.text.includes(w)));
}

/** The badge of a state: plain for active, a warning for locked and inactive. */
export const stateClass = (state: string) => (state === "active" ? "badge badge-ok" : "badge badge-warn");
