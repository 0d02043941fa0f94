// The OIDC apps "sign in as" offers: those of the selected org, or of the whole instance without one.
// One list per instance; the org's apps are picked from it.

import { useQuery } from "@tanstack/react-query";
import type { GetAppJson } from "../../../../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export const fetchApps = (resource: Poster, signal?: AbortSignal) => listAll<GetAppJson>(resource, "/apps/_search", [], signal);

export function useOidcApps(orgId: string | undefined) {
  const { instanceId, resource } = useScope();
  return useQuery({
    queryKey: usersKeys.apps(instanceId),
    queryFn: ({ signal }) => fetchApps(resource, signal),
    select: (apps) => apps.filter((a) => a.oidc && (!orgId || a.details?.resourceOwner?.id === orgId)),
  });
}
