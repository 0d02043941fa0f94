// An org's domains (SvcDomains) and the writes on them: add, validate (offline there is nothing to
// look up: validating marks it verified), make primary, delete.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GetDomainJson } from "../../../../../emulator/src/gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { useClients } from "./clients";
import { hierarchyKeys } from "./keys";

export const fetchDomains = (resource: Poster, orgId: string, signal?: AbortSignal) =>
  listAll<GetDomainJson>(resource, "/domains/_search", [{ organizationId: { id: orgId } }], signal);

export function useDomains(instanceId: string | undefined, orgId: string) {
  const { resource } = useClients(instanceId);
  return useQuery({ queryKey: hierarchyKeys.domains(instanceId ?? "", orgId), queryFn: ({ signal }) => fetchDomains(resource, orgId, signal) });
}

export type DomainChange = { add: string } | { validate: string } | { makePrimary: string } | { remove: string };

export function useChangeDomain(instanceId: string | undefined, orgId: string) {
  const { resource: r } = useClients(instanceId);
  const queryClient = useQueryClient();
  const at = (domain: string) => `/domains/${encodeURIComponent(domain)}`;
  return useMutation({
    mutationFn: (c: DomainChange) => {
      if ("add" in c) return r.post(`/domains?organization.orgId=${encodeURIComponent(orgId)}`, { domain: c.add });
      if ("validate" in c) return r.post(`${at(c.validate)}/_validate`, { type: "VALIDATION_TYPE_DNS" });
      if ("makePrimary" in c) return r.post(`${at(c.makePrimary)}/_set_as_primary`);
      return r.delete(at(c.remove));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hierarchyKeys.domains(instanceId ?? "", orgId) }),
  });
}
