// The resource and settings clients the contexts hand to the screens, made once per admin PAT and instance.

import { useMemo } from "react";
import type { Instance } from "../../api/control";
import { instanceClients, type ResourceClient, resourceClient } from "../../api/resource";

/** The resource API of the default instance (the page's Host) as the session's admin. */
export const useDefaultResource = (adminPat: string | undefined): ResourceClient | undefined =>
  useMemo(() => (adminPat === undefined ? undefined : resourceClient(adminPat)), [adminPat]);

/** The resource and settings APIs of `instance` as the session's admin. */
export const useInstanceClients = (adminPat: string, instance: Instance | undefined): { resource: ResourceClient; settings: ResourceClient } =>
  useMemo(() => instanceClients(adminPat, instance), [adminPat, instance]);
