// The selected context (instance, then org) every screen is scoped to; the breadcrumb shows it on
// every screen. Starts on the default instance. Screens read it with useSelection() and change it with
// selectInstance / selectOrg (the context tree screen is the main place that does). The resource and
// settings clients it gives reach the selected instance (api/resource.ts, x-svc-instance-host).

import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { Instance } from "../api/control";
import type { ResourceClient } from "../api/resource";
import { useInstanceClients } from "./api/clients";
import { useSession } from "./session";

export interface SelectedOrg {
  id: string;
  name: string;
}

export interface SelectionValue {
  /** The selected instance; undefined only when the emulator has none. */
  instance: Instance | undefined;
  org: SelectedOrg | undefined;
  instances: Instance[];
  /** The resource API (below /resources/v3alpha) of the selected instance, as the session's admin. */
  resource: ResourceClient;
  /** The settings API (below /settings/v3alpha) of the selected instance. */
  settings: ResourceClient;
  /** Selects an instance (and clears the org, which belongs to the previous one). */
  selectInstance(id: string): void;
  selectOrg(org: SelectedOrg | undefined): void;
}

const SelectionContext = createContext<SelectionValue | undefined>(undefined);

export function useSelection(): SelectionValue {
  const value = useContext(SelectionContext);
  if (!value) throw new Error("useSelection outside <SelectionProvider>");
  return value;
}

export function SelectionProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [instanceId, setInstanceId] = useState<string>();
  const [org, setOrg] = useState<SelectedOrg>();
  const instances = session.instances;
  // A selected instance that went away (reset, restore) falls back to the default one.
  const instance = instances.find((i) => i.id === instanceId) ?? instances.find((i) => i.isDefault) ?? instances[0];
  const clients = useInstanceClients(session.adminPat, instance);
  const value = useMemo<SelectionValue>(
    () => ({
      instance,
      org: instance?.id === instanceId || instanceId === undefined ? org : undefined,
      instances,
      ...clients,
      selectInstance: (id) => {
        setInstanceId(id);
        setOrg(undefined);
      },
      selectOrg: setOrg,
    }),
    [instances, instance, clients, instanceId, org],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}
