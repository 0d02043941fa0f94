// The orgs an export may choose from: those of the default instance (SearchOrganizations, the first 1,000).

import { useQuery } from "@tanstack/react-query";
import type { SearchOrganizationsResponseJson } from "../../../../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useSession } from "../../../context/session";
import { importExportKeys } from "./keys";

export interface OrgRow {
  id: string;
  name: string;
}

export async function listOrgs(rest: ResourceClient, signal?: AbortSignal): Promise<OrgRow[]> {
  const r = await rest.post<SearchOrganizationsResponseJson>("/organizations/_search?query.limit=1000", [], { signal });
  return (r.result ?? []).map((o) => ({ id: o.details?.id ?? "", name: o.organization?.name ?? "" }));
}

/** `listable`: whether to list them (the panel lists the default instance's orgs only). */
export function useExportOrgs(listable: boolean) {
  const { resource } = useSession();
  return useQuery({ queryKey: importExportKeys.orgs(), queryFn: ({ signal }) => listOrgs(resource, signal), enabled: listable });
}
