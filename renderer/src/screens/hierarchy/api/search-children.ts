// The children of the tree's opened nodes: an org's projects, a project's apps, each from the node's
// instance, one query per opened node (an opened node stays asked for, so a change reloads it).

import { type UseQueryResult, useQueries } from "@tanstack/react-query";
import { useCallback } from "react";
import type { GetAppJson } from "../../../../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import type { GetProjectJson } from "../../../../../emulator/src/gen/svc/resources/project/v3alpha/project_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { idOf } from "../../../api/resource-id";
import { useSession } from "../../../context/session";
import type { TreeNode } from "../tree";
import { clientsOf } from "./clients";
import { hierarchyKeys } from "./keys";

export const fetchProjects = (resource: Poster, orgId: string, signal?: AbortSignal) =>
  listAll<GetProjectJson>(resource, "/projects/_search", [{ organizationId: { id: orgId } }], signal);
export const fetchApps = (resource: Poster, projectId: string, signal?: AbortSignal) =>
  listAll<GetAppJson>(resource, "/apps/_search", [{ projectId: { id: projectId } }], signal);

/** An org's projects or a project's apps, as nodes below `n`. */
async function childrenOf(resource: Poster, n: TreeNode, signal: AbortSignal): Promise<TreeNode[]> {
  const below = { instanceId: n.instanceId };
  if (n.kind === "org")
    return (await fetchProjects(resource, n.id, signal)).map((p) => ({
      ...below,
      key: `project:${idOf(p)}`,
      kind: "project",
      id: idOf(p),
      name: p.project?.name ?? "",
    }));
  return (await fetchApps(resource, n.id, signal)).map((a) => ({
    ...below,
    key: `app:${idOf(a)}`,
    kind: "app",
    id: idOf(a),
    name: a.oidc?.name ?? a.api?.name ?? a.clientId ?? idOf(a),
    children: [],
  }));
}

export interface TreeChildren {
  /** The loaded children by node key, in the order the nodes were opened. */
  byKey: Record<string, TreeNode[]>;
  error: unknown;
}

export function useTreeChildren(opened: TreeNode[]): TreeChildren {
  const { session } = useSession();
  const combine = useCallback(
    (results: UseQueryResult<TreeNode[]>[]): TreeChildren => ({
      byKey: Object.fromEntries(opened.flatMap((n, i) => (results[i]?.data ? [[n.key, results[i].data]] : []))),
      error: results.find((r) => r.error)?.error ?? undefined,
    }),
    [opened],
  );
  return useQueries({
    queries: opened.map((n) => ({
      queryKey: n.kind === "org" ? hierarchyKeys.projects(n.instanceId ?? "", n.id) : hierarchyKeys.apps(n.instanceId ?? "", n.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => childrenOf(clientsOf(session, n.instanceId).resource, n, signal),
    })),
    combine,
  });
}
