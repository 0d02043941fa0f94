// The users of the selected org, or of the whole instance, as the rows the screen lists and filters.

import { useQuery } from "@tanstack/react-query";
import type { GetUserJson } from "../../../../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { rowOf, type UserRow } from "../user-list";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

/** Every user of the org (of the instance when no org is given), oldest first. */
export async function fetchUsers(resource: Poster, orgId: string | undefined, signal?: AbortSignal): Promise<UserRow[]> {
  const filters = orgId ? [{ organizationId: { id: orgId } }] : [];
  return (await listAll<GetUserJson>(resource, "/users/_search", filters, signal)).map(rowOf);
}

export function useUsers(orgId: string | undefined) {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.list(instanceId, orgId), queryFn: ({ signal }) => fetchUsers(resource, orgId, signal) });
}
