// Adds a human or a machine user in an org (the instance's default org without one); the lists change.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateHumanUserResponseJson,
  HumanUserJson,
  MachineUserJson,
} from "../../../../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export type NewUser = { kind: "human"; user: HumanUserJson } | { kind: "machine"; user: MachineUserJson };

export function useAddUser(orgId: string | undefined) {
  const { instanceId, resource } = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, user }: NewUser) => {
      const where = orgId ? `?organization.orgId=${encodeURIComponent(orgId)}` : "";
      return resource.post<CreateHumanUserResponseJson>(`/users/${kind}${where}`, user);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists(instanceId) }),
  });
}
