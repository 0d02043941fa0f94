// The writes on one user: its profile (resource API), its state (the control API's user routes: the
// resource API has no rpc for it) and its deletion. Each changes the lists the user is in.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PatchHumanUserJson, PatchMachineUserJson } from "../../../../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { control } from "../../../api/control";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export type UserStateChange = Parameters<typeof control.changeUserState>[2];
export type ProfilePatch = { kind: "human"; patch: PatchHumanUserJson } | { kind: "machine"; patch: PatchMachineUserJson };

function useUserWrite<V>(write: (scope: ReturnType<typeof useScope>, vars: V) => Promise<unknown>, { wait = true } = {}) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => write(scope, vars),
    onSuccess: async () => {
      const reload = queryClient.invalidateQueries({ queryKey: usersKeys.lists(scope.instanceId) });
      if (wait) await reload;
    },
  });
}

export const useSaveProfile = (userId: string) =>
  useUserWrite(({ resource }, { kind, patch }: ProfilePatch) => resource.patch(`/users/${kind}/${encodeURIComponent(userId)}`, patch));

export const useChangeUserState = (userId: string) =>
  useUserWrite(({ controlInstanceId }, change: UserStateChange) => control.changeUserState(controlInstanceId, userId, change));

/** Does not wait for the lists: the screen leaves the deleted user first. */
export const useDeleteUser = (userId: string) =>
  useUserWrite(({ resource }, _: undefined) => resource.delete(`/users/${encodeURIComponent(userId)}`), { wait: false });
