// The desktop app's settings through its preload API (window.svcDesktop): read, change (the answer
// replaces the cached settings), and open the data folder. Outside the app there are none.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { desktop, desktopCall, type SvcDesktop, type SvcDesktopSettings } from "../../../api/desktop";

export type { SvcDesktopSettings };

const settingsKey = () => ["desktop", "settings"] as const;

/** The app's settings; undefined outside the app. */
export const getSettings = (): Promise<SvcDesktopSettings | undefined> => {
  const api = desktop();
  return api ? desktopCall(() => api.getSettings()) : Promise.resolve(undefined);
};

export const useDesktopSettings = () => useQuery({ queryKey: settingsKey(), queryFn: getSettings, refetchOnWindowFocus: false });

export function useSetDesktopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Parameters<SvcDesktop["setSettings"]>[0]) => desktopCall(() => desktop()!.setSettings(change)),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(), settings),
  });
}

export const useRevealDataDir = () => useMutation({ mutationFn: () => desktopCall(() => desktop()!.revealDataDir()) });
