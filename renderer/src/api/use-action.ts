// The pending and error state of an action a screen runs (a feature's write, a desktop call): its failure
// lands in `error` instead of throwing. Reads go through the query cache (api/query-client.ts, each feature's api/ modules).

import { useCallback, useState } from "react";

export interface Action {
  pending: boolean;
  error: unknown;
  clearError(): void;
  /** Runs `work`; its failure lands in `error` (shown with ErrorBanner) instead of throwing. */
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
}

export function useAction(): Action {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async <T>(work: () => Promise<T>) => {
    setPending(true);
    setError(undefined);
    try {
      return await work();
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, clearError: () => setError(undefined), run };
}
