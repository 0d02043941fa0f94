// A user's memberships (administrator roles) in the instance, orgs and projects; the roles a context
// offers; and the writes: add a membership in a context, remove one.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  GetMembershipJson,
  ListAvailableRolesResponseJson,
} from "../../../../../emulator/src/gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { idOf } from "../../../api/resource-id";
import type { ResourceClient } from "../../../api/resource";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export const fetchMemberships = (resource: Poster, userId: string, signal?: AbortSignal) =>
  listAll<GetMembershipJson>(resource, "/memberships/_search", [{ userId: { id: userId } }], signal);

export function useMemberships(userId: string) {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.memberships(instanceId, userId), queryFn: ({ signal }) => fetchMemberships(resource, userId, signal) });
}

/** `ctx`: "" (the instance), `ctx.orgId=…` or `ctx.projectId=…`. */
export const fetchMembershipRoles = (resource: ResourceClient, ctx: string, signal?: AbortSignal) =>
  resource.get<ListAvailableRolesResponseJson>(`/memberships/roles${ctx ? `?${ctx}` : ""}`, { signal }).then((r) => r.roles ?? []);

export function useMembershipRoles(ctx: string) {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.membershipRoles(instanceId, ctx), queryFn: ({ signal }) => fetchMembershipRoles(resource, ctx, signal) });
}

export type MembershipChange = { add: { ctx: string; role: string } } | { remove: GetMembershipJson };

export function useChangeMembership(userId: string) {
  const { instanceId, resource } = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MembershipChange) =>
      "remove" in change
        ? resource.delete(`/memberships/${encodeURIComponent(idOf(change.remove))}`)
        : resource.post(`/memberships${change.add.ctx ? `?${change.add.ctx}` : ""}`, { userId, roles: [change.add.role] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.memberships(instanceId, userId) }),
  });
}
