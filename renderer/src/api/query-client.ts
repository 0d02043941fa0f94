// The renderer's one cache of server data (TanStack Query). Answers are keyed by what they read (each
// feature's api module names its keys); a write invalidates the keys it changes, so every screen that
// shows them loads again, once. Leaving a screen aborts its loads (the `signal` each fetcher passes on).

import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The emulator is local and other clients (tests, the CLI) change it: answers are stale at once,
      // loaded again when a screen mounts or the window regains focus.
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
