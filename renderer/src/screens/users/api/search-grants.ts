// A user's grants (the roles of projects it holds), and the writes on them: grant roles (a new grant,
// or more roles on the user's grant of that project) and remove a grant.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GetUserGrantJson } from "../../../../../emulator/src/gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { idOf } from "../../../api/resource-id";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export const fetchGrants = (resource: Poster, userId: string, signal?: AbortSignal) =>
  listAll<GetUserGrantJson>(resource, "/grants/users/_search", [{ userId: { id: userId } }], signal);

export function useGrants(userId: string) {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.grants(instanceId, userId), queryFn: ({ signal }) => fetchGrants(resource, userId, signal) });
}

export type GrantChange = { add: { projectId: string; roleKeys: string[]; existing?: GetUserGrantJson } } | { remove: GetUserGrantJson };

export function useChangeGrant(userId: string) {
  const { instanceId, resource } = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GrantChange) => {
      if ("remove" in change) return resource.delete(`/grants/users/${encodeURIComponent(idOf(change.remove))}`);
      const { projectId, roleKeys, existing } = change.add;
      if (!existing) return resource.post("/grants/users", { userId, projectId, roleKeys });
      const keys = [...new Set([...(existing.grant?.roleKeys ?? []), ...roleKeys])];
      return resource.patch(`/grants/users/${encodeURIComponent(idOf(existing))}`, { roleKeys: keys });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.grants(instanceId, userId) }),
  });
}
