// The resource API (v3alpha REST) as the instance owner: the admin PAT of the UI session (kept in
// memory by the session context, never in storage). Errors are the rpc status body {code, message,
// details}, thrown as ApiError. The UI's origin is localhost, so calls reach the default instance.

import { fetchJson } from "./http";

export const RESOURCE_BASE = "/resources/v3alpha";
/** The settings services (SvcLanguageSettings) live beside the resources: `resourceClient(pat, SETTINGS_BASE)`. */
export const SETTINGS_BASE = "/settings/v3alpha";

export interface ResourceClient {
  /** `path` below /resources/v3alpha, e.g. "/organizations/_search". */
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

export function resourceClient(adminPat: string, base: string = RESOURCE_BASE): ResourceClient {
  const call =
    (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE") =>
    <T>(path: string, body?: unknown) =>
      fetchJson<T>(`${base}${path}`, { method, body, headers: { authorization: `Bearer ${adminPat}` } });
  return { get: call("GET"), post: call("POST"), patch: call("PATCH"), put: call("PUT"), delete: call("DELETE") };
}
