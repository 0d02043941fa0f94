// The names of the instance's orgs by id: the instance-wide user list names each user's org.

import { useQuery } from "@tanstack/react-query";
import type { GetOrganizationJson } from "../../../../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export async function fetchOrgNames(resource: Poster, signal?: AbortSignal): Promise<Map<string, string>> {
  const orgs = await listAll<GetOrganizationJson>(resource, "/organizations/_search", [], signal);
  return new Map(orgs.map((o) => [o.details?.id ?? "", o.organization?.name ?? ""]));
}

/** Loaded only when `enabled` (an org's own list does not need the names). */
export function useOrgNames(enabled: boolean) {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.orgNames(instanceId), queryFn: ({ signal }) => fetchOrgNames(resource, signal), enabled });
}
