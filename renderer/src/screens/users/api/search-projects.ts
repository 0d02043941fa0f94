// The instance's projects with their roles: the grants card picks roles from them and the memberships
// card offers each as a context. Both cards use this one query: one request for the two.

import { useQuery } from "@tanstack/react-query";
import type { GetProjectJson } from "../../../../../emulator/src/gen/svc/resources/project/v3alpha/project_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export const fetchProjects = (resource: Poster, signal?: AbortSignal) => listAll<GetProjectJson>(resource, "/projects/_search", [], signal);

export function useProjects() {
  const { instanceId, resource } = useScope();
  return useQuery({ queryKey: usersKeys.projects(instanceId), queryFn: ({ signal }) => fetchProjects(resource, signal) });
}
