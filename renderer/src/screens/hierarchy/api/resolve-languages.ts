// The language settings of a context with their owners (SvcLanguageSettings), and the change of some
// of them there (set or reset). A change at the instance reloads its orgs' settings too: they inherit.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ResolveLanguageSettingsResponseJson,
  SetLanguageSettingsJson,
} from "../../../../../emulator/src/gen/svc/settings/language/v3alpha/language_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useClients } from "./clients";
import { type Ctx, ctxQuery } from "./context-query";
import { hierarchyKeys } from "./keys";

export const fetchLanguages = (settings: ResourceClient, ctx: Ctx, signal?: AbortSignal) =>
  settings.get<ResolveLanguageSettingsResponseJson>(`/languages${ctxQuery(ctx)}`, { signal }).then((a) => a.settings ?? {});

export function useLanguages(instanceId: string | undefined, ctx: Ctx) {
  const { settings } = useClients(instanceId);
  return useQuery({ queryKey: hierarchyKeys.languages(instanceId ?? "", ctx?.orgId), queryFn: ({ signal }) => fetchLanguages(settings, ctx, signal) });
}

/** The change holds the fields to set or reset; the others keep their value. */
export function useSetLanguages(instanceId: string | undefined, ctx: Ctx) {
  const { settings } = useClients(instanceId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SetLanguageSettingsJson) => settings.patch(`/languages${ctxQuery(ctx)}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hierarchyKeys.languages(instanceId ?? "", ctx?.orgId) }),
  });
}
