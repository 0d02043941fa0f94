// Live data without polling: one stream of change notices for the whole UI (api/change-notices.ts);
// each notice makes the cached data it names stale, so what a screen shows is read again once.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ChangeNotice, LIVE_ROOTS, staleRootsOf } from "../api/change-notices";
import type { UiSession } from "../api/control";
import { controlPaths } from "../api/control";
import { subscribe } from "../api/sse";
import { sessionKey } from "./api/get-session";

/**
 * Listens to the change notices while the shell is shown. The browser reconnects after a drop; what
 * changed meanwhile was not heard, so every live key is read again once the stream is back.
 */
export function useLiveChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stale = (roots: readonly string[] | "all") => {
      if (roots === "all") return void queryClient.invalidateQueries();
      for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
    };
    const known = (id: string) => !!queryClient.getQueryData<UiSession>(sessionKey())?.instances.some((i) => i.id === id);
    let dropped = false;
    return subscribe(
      controlPaths.changeStream(),
      { change: (data) => stale(staleRootsOf(data as ChangeNotice, known)) },
      () => void (dropped = true),
      () => {
        if (dropped) stale(Object.values(LIVE_ROOTS));
        dropped = false;
      },
    );
  }, [queryClient]);
}
