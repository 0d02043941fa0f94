// The orgs of every instance of the tree, one query per instance (a blocked instance refuses the
// resource API: none asked, none listed). Loaded when every instance answered, as the tree counts them.

import { type UseQueryResult, useQueries } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Instance } from "../../../api/control";
import type { GetOrganizationJson } from "../../../../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { useSession } from "../../../context/session";
import { clientsOf } from "./clients";
import { hierarchyKeys } from "./keys";

export const fetchOrgs = (resource: Poster, signal?: AbortSignal) => listAll<GetOrganizationJson>(resource, "/organizations/_search", [], signal);

export interface OrgsOfInstances {
  /** The orgs by instance id; undefined until every instance answered. */
  data: Record<string, GetOrganizationJson[]> | undefined;
  error: unknown;
}

export function useOrgsOfInstances(instances: Instance[]): OrgsOfInstances {
  const { session } = useSession();
  const combine = useCallback(
    (results: UseQueryResult<GetOrganizationJson[]>[]): OrgsOfInstances => {
      const error = results.find((r) => r.error)?.error ?? undefined;
      const loaded = results.every((r, i) => instances[i]?.blocked || r.data);
      const data = loaded ? Object.fromEntries(instances.map((inst, i) => [inst.id, results[i]?.data ?? []])) : undefined;
      return { data, error };
    },
    [instances],
  );
  return useQueries({
    queries: instances.map((i) => ({
      queryKey: hierarchyKeys.orgs(i.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrgs(clientsOf(session, i.id).resource, signal),
      enabled: !i.blocked,
    })),
    combine,
  });
}
