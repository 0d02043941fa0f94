// The system's writes (SvcInstances, a system owner's calls): create an instance, rename one, delete
// one. The instances live in the UI session, which each write reads again; a deleted instance's
// answers are dropped once the session no longer names it (nothing asks the deleted instance again).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateInstanceResponseJson } from "../../../../../emulator/src/gen/svc/resources/instance/v3alpha/instance_service_pb.js";
import { useSession } from "../../../context/session";
import { useClients } from "./clients";
import { hierarchyKeys } from "./keys";

export type InstanceChange = { create: { name: string; domain: string } } | { rename: { id: string; name: string } } | { remove: { id: string } };

/** `instanceId`: the instance whose client makes the call (undefined: the default one, as for creating). */
export function useChangeInstance(instanceId: string | undefined) {
  const { resource: r } = useClients(instanceId);
  const { refresh } = useSession();
  const queryClient = useQueryClient();
  const at = (id: string) => `/instances/${encodeURIComponent(id)}`;
  return useMutation({
    mutationFn: (c: InstanceChange): Promise<CreateInstanceResponseJson> => {
      if ("create" in c) return r.post("/instances", { name: c.create.name, domains: [c.create.domain] });
      if ("rename" in c) return r.patch(at(c.rename.id), { name: c.rename.name });
      return r.delete(at(c.remove.id));
    },
    onSuccess: async (_, c) => {
      await refresh();
      if ("remove" in c) queryClient.removeQueries({ queryKey: hierarchyKeys.instance(c.remove.id) });
    },
  });
}
