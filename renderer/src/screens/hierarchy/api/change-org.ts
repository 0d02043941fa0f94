// The writes on the orgs of one instance: create, rename, deactivate / reactivate, make the default,
// delete. Each reloads the instance's tree (its orgs, and the projects and apps opened in it) before
// it resolves, so the screen selects what it wrote only once the tree shows it.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateOrganizationResponseJson } from "../../../../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { useClients } from "./clients";
import { hierarchyKeys } from "./keys";

export type OrgChange =
  | { create: { name: string } }
  | { rename: { id: string; name: string } }
  | { active: { id: string; active: boolean } }
  | { makeDefault: { id: string } }
  | { remove: { id: string } };

export function useChangeOrg(instanceId: string | undefined) {
  const { resource: r } = useClients(instanceId);
  const queryClient = useQueryClient();
  const at = (id: string) => `/organizations/${encodeURIComponent(id)}`;
  return useMutation({
    mutationFn: (c: OrgChange): Promise<CreateOrganizationResponseJson> => {
      if ("create" in c) return r.post("/organizations", { name: c.create.name });
      if ("rename" in c) return r.patch(at(c.rename.id), { name: c.rename.name });
      if ("active" in c) return r.post(`${at(c.active.id)}/${c.active.active ? "_reactivate" : "_deactivate"}`);
      if ("makeDefault" in c) return r.post(`${at(c.makeDefault.id)}/_set_as_instance_default`);
      return r.delete(at(c.remove.id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hierarchyKeys.instance(instanceId ?? "") }),
  });
}
