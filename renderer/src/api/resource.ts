// The resource API (v3alpha REST) as the instance owner: the admin PAT of the UI session (kept in
// memory by the session context, never in storage). Errors are the rpc status body {code, message,
// details}, thrown as ApiError. Lists that proto3 JSON leaves out when empty come back as []
// (answer-lists.ts). The UI's origin is localhost, which reaches the default instance; a client for
// another instance names it by its primary domain in the x-svc-instance-host header.

import type { Instance } from "./control";
import { withLists } from "./answer-lists";
import { INSTANCE_HOST_HEADER } from "./control.gen";
import { fetchJson } from "./http";

export const RESOURCE_BASE = "/resources/v3alpha";
/** The settings services (SvcLanguageSettings) live beside the resources: `resourceClient(pat, SETTINGS_BASE)`. */
export const SETTINGS_BASE = "/settings/v3alpha";

/** `signal`: aborts the call (a screen that leaves aborts its loads). */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ResourceClient {
  /** `path` below /resources/v3alpha, e.g. "/organizations/_search". */
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, options?: CallOptions): Promise<T>;
}

/** The header naming a call's instance by one of its domains (the page's Host decides without it). */
export { INSTANCE_HOST_HEADER };

/** `instanceHost`: a domain of the instance to reach; none: the instance of the page's Host (the default one). */
export function resourceClient(adminPat: string, base: string = RESOURCE_BASE, instanceHost?: string): ResourceClient {
  const headers: Record<string, string> = { authorization: `Bearer ${adminPat}` };
  if (instanceHost) headers[INSTANCE_HOST_HEADER] = instanceHost;
  const call =
    (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE") =>
    <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      fetchJson<T>(`${base}${path}`, { method, body, headers, signal: options.signal }).then((answer) => withLists(method, `${base}${path}`, answer));
  return {
    get: (path, options) => call("GET")(path, undefined, options),
    post: call("POST"),
    patch: call("PATCH"),
    put: call("PUT"),
    delete: (path, options) => call("DELETE")(path, undefined, options),
  };
}

/** The domain the resource API is told to serve `instance` as: none for the default instance (the page's Host reaches it), else its primary domain. */
export function instanceHostOf(instance: Instance | undefined): string | undefined {
  return instance && !instance.isDefault ? instance.domains[0] : undefined;
}

/** The resource and settings clients of one instance. */
export function instanceClients(adminPat: string, instance: Instance | undefined): { resource: ResourceClient; settings: ResourceClient } {
  const host = instanceHostOf(instance);
  return { resource: resourceClient(adminPat, RESOURCE_BASE, host), settings: resourceClient(adminPat, SETTINGS_BASE, host) };
}
