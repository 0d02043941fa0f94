// The UI session: read from GET /emulator/v1/ui/session into the query cache (memory only, never the
// browser's storage), again when its instances change (a change notice) or a screen asks (refresh).
// Without a valid cookie the app shows how to sign in instead of any screen.

import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { UiSession } from "../api/control";
import { ApiError } from "../api/http";
import type { ResourceClient } from "../api/resource";
import { ErrorBanner } from "../components/ErrorBanner";
import { useDefaultResource } from "./api/clients";
import { useRefreshSession, useSessionQuery } from "./api/get-session";

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
  const { data: session, error } = useSessionQuery();
  const refresh = useRefreshSession();
  const resource = useDefaultResource(session?.adminPat);
  const value = useMemo(() => session && resource && { session, resource, refresh }, [session, resource, refresh]);

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
