// The resource and settings clients of one instance of the tree, as the UI session's admin (the page's
// Host reaches the default instance, the x-svc-instance-host header any other). The system's calls
// (SvcInstances) go through the default instance's.

import type { UiSession } from "../../../api/control";
import { instanceClients, type ResourceClient } from "../../../api/resource";
import { useSession } from "../../../context/session";

export interface Clients {
  resource: ResourceClient;
  settings: ResourceClient;
}

/** `instanceId` undefined (the system), or unknown: the default instance. */
export function clientsOf(session: UiSession, instanceId: string | undefined): Clients {
  const instance = session.instances.find((i) => i.id === instanceId) ?? session.instances.find((i) => i.isDefault) ?? session.instances[0];
  return instanceClients(session.adminPat, instance);
}

export function useClients(instanceId: string | undefined): Clients {
  return clientsOf(useSession().session, instanceId);
}
