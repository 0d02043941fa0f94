// What a flow can start with in the selected instance: its OIDC apps (SearchApps) and its users
// (SearchUsers: humans sign in, machine users run client credentials). The first page of each.

import { useQuery } from "@tanstack/react-query";
import type { GetAppJson, SearchAppsResponseJson } from "../../../../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import type { GetUserJson, SearchUsersResponseJson } from "../../../../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useSelection } from "../../../context/selection";
import { flowsKeys } from "./keys";

export type { GetAppJson, GetUserJson };

export const listOidcApps = (rest: ResourceClient, signal?: AbortSignal): Promise<GetAppJson[]> =>
  rest.post<SearchAppsResponseJson>("/apps/_search", [], { signal }).then((r) => (r.result ?? []).filter((a) => a.oidc));

export const listUsers = (rest: ResourceClient, signal?: AbortSignal): Promise<GetUserJson[]> =>
  rest.post<SearchUsersResponseJson>("/users/_search", [], { signal }).then((r) => r.result ?? []);

export function useOidcApps() {
  const { instance, resource } = useSelection();
  return useQuery({ queryKey: flowsKeys.apps(instance?.id), queryFn: ({ signal }) => listOidcApps(resource, signal) });
}

export function useUsers() {
  const { instance, resource } = useSelection();
  return useQuery({ queryKey: flowsKeys.users(instance?.id), queryFn: ({ signal }) => listUsers(resource, signal) });
}
