// Two hooks every screen needs: load data (with reload) and run an action (pending, error).

import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";

export interface Data<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): Promise<void>;
  /** Replaces the data with an answer the screen already has (e.g. the clock state a change returned). */
  set(data: T): void;
}

/** Runs `load` now and whenever `deps` change; a late answer of an earlier load is dropped. */
export function useData<T>(load: () => Promise<T>, deps: DependencyList): Data<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const reload = useCallback(
    async () => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const value = await load();
        if (mine === generation.current) setData(value), setError(undefined);
      } catch (e) {
        if (mine === generation.current) setError(e);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `load` depends on
    deps,
  );
  useEffect(() => void reload(), [reload]);
  return { data, error, loading, reload, set: setData };
}

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
