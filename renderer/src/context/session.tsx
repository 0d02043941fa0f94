// The UI session: read once from GET /emulator/v1/ui/session and kept in memory (React state only,
// never in the browser's storage). Without a valid cookie the app shows how to sign in instead of any screen.

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { control, type UiSession } from "../api/control";
import { ApiError } from "../api/http";
import { type ResourceClient, resourceClient } from "../api/resource";
import { ErrorBanner } from "../components/ErrorBanner";

export interface SessionValue {
  session: UiSession;
  /** The resource API of the default instance as the seed's admin (useSelection().resource reaches the selected one). */
  resource: ResourceClient;
  /** Reads the session again (after a reset or restore the instances may differ). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside <SessionProvider>");
  return value;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<UiSession>();
  const [error, setError] = useState<unknown>();
  const refresh = useCallback(async () => {
    try {
      setSession(await control.session());
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  const value = useMemo(() => session && { session, resource: resourceClient(session.adminPat), refresh }, [session, refresh]);

  if (error instanceof ApiError && error.status === 401)
    return (
      <main className="signed-out">
        <h1>Open the link printed at start</h1>
        <p>This browser is no longer signed in to the emulator (it restarted, or the session ended).</p>
        <p>
          Open the <code>ui</code> link that <code>svc-emulator start</code> printed.
        </p>
      </main>
    );
  if (error && !session) return <ErrorBanner error={error} />;
  if (!value) return <p className="loading">Loading…</p>;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
