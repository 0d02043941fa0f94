// Typed wrappers over the control API (/emulator/v1). The types come from the emulator's own schemas
// (type imports only: nothing of emulator/src is bundled). The session cookie signs the calls in; the
// X-Svc-Ui header is the CSRF proof the API asks of cookie-signed requests (ui-access.ts).
// Screen authors: add a wrapper here for each route a screen uses, next to its neighbours.

import type {
  ClockState,
  ExchangeResponse,
  FlowRequest,
  FlowResult,
  FlowStep,
  TokenIntrospection,
  EventFired,
  DiffResult,
  EventPage,
  EventQuery,
  FireEventBody,
  Features,
  ImportError,
  ImportResult,
  InspectResult,
  Instance,
  SinkCall,
  Job,
  JobBody,
  JobSummary,
  OrgDiff,
  SnapshotInfo,
  StoredEvent,
  TargetCall,
  Token,
  UiSession,
  MetadataEntry,
  UserStateResult,
  Fault,
  JournalEntry,
} from "../../../emulator/src/control/schemas.js";
import { fetchJson, type JsonRequest } from "./http";

export type {
  ClockState,
  ExchangeResponse,
  FlowRequest,
  FlowResult,
  FlowStep,
  TokenIntrospection,
  EventPage,
  EventQuery,
  Features,
  Instance,
  SnapshotInfo,
  EventFired,
  FireEventBody,
  SinkCall,
  StoredEvent,
  DiffResult,
  ImportError,
  ImportResult,
  InspectResult,
  Job,
  JobBody,
  JobSummary,
  OrgDiff,
  TargetCall,
  Token,
  UiSession,
  MetadataEntry,
  UserStateResult,
  Fault,
  JournalEntry,
};

export const CONTROL_BASE = "/emulator/v1";

/** Any control route: `path` below /emulator/v1, e.g. "/clock". */
export function controlCall<T>(path: string, req: JsonRequest = {}): Promise<T> {
  return fetchJson<T>(`${CONTROL_BASE}${path}`, { ...req, headers: { "x-svc-ui": "1", ...req.headers } });
}

const post = <T>(path: string, body?: unknown) => controlCall<T>(path, { method: "POST", body });
export const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const control = {
  /** What the UI needs after sign-in: endpoints, data dir, admin PAT, instances. */
  session: (signal?: AbortSignal) => controlCall<UiSession>("/ui/session", { signal }),
  reset: () => post<{ reset: true }>("/reset"),

  clock: (signal?: AbortSignal) => controlCall<ClockState>("/clock", { signal }),
  /** Stops time now, or at `at` (ISO time). */
  freezeClock: (at?: string) => post<ClockState>("/clock/_freeze", at ? { at } : {}),
  /** `by`: a duration like "90s", "15m", "1h30m". */
  advanceClock: (by: string) => post<ClockState>("/clock/_advance", { by }),
  resumeClock: () => post<ClockState>("/clock/_resume"),
  realClock: () => post<ClockState>("/clock/_reset"),

  snapshots: (signal?: AbortSignal) => controlCall<{ snapshots: SnapshotInfo[] }>("/snapshots", { signal }).then((r) => r.snapshots),
  saveSnapshot: (name: string) => post<SnapshotInfo>("/snapshots", { name }),
  restoreSnapshot: (name: string) => post<{ restored: string }>(`/snapshots/${encodeURIComponent(name)}/_restore`),
  deleteSnapshot: (name: string) => controlCall<{ deleted: string }>(`/snapshots/${encodeURIComponent(name)}`, { method: "DELETE" }),

  instances: (signal?: AbortSignal) => controlCall<{ instances: Instance[] }>("/instances", { signal }).then((r) => r.instances),
  setFeatures: (instanceId: string, features: Partial<Features>) =>
    controlCall<Features>(`/instances/${encodeURIComponent(instanceId)}/features`, { method: "PATCH", body: features }),

  events: (q: Partial<EventQuery> = {}, signal?: AbortSignal) => controlCall<EventPage>(`/events${query(q)}`, { signal }),
  tokens: (instanceId?: string, signal?: AbortSignal) => controlCall<{ tokens: Token[] }>(`/tokens${query({ instanceId })}`, { signal }).then((r) => r.tokens),
  revokeToken: (id: string) => post<unknown>(`/tokens/${encodeURIComponent(id)}/_revoke`),
  /** A token value's record and the introspection answer its own client would get. */
  introspectToken: (token: string, instanceId?: string) => post<TokenIntrospection>("/tokens/_introspect", { token, instanceId }),
  /** What the instance's userinfo endpoint answers for an access token (status, headers, body; errors included). */
  userinfo: (accessToken: string, instanceId?: string) => post<ExchangeResponse>("/tokens/_userinfo", { token: accessToken, instanceId }),
  /** The instance's published signing keys (its JWKS). */
  keys: (instanceId: string, signal?: AbortSignal) =>
    controlCall<{ keys: Record<string, unknown>[] }>(`/instances/${encodeURIComponent(instanceId)}/keys`, { signal }).then((r) => r.keys),
  /** Runs an OAuth / OIDC flow against the emulator's own endpoints and returns every exchange. */
  runFlow: (req: FlowRequest) => post<FlowResult>("/flows", req),

  /** The delivery log; live: subscribe(`/target-calls/stream${query(…)}`, {call}). */
  targetCalls: (q: { instanceId?: string; targetId?: string; executionId?: string } = {}, signal?: AbortSignal) =>
    controlCall<{ calls: TargetCall[] }>(`/target-calls${query(q)}`, { signal }).then((r) => r.calls),
  /** Calls the recorded call's target again with its payload, signed anew. */
  replayCall: (id: string) => post<{ call: TargetCall }>(`/target-calls/${encodeURIComponent(id)}/_replay`).then((r) => r.call),
  /** Delivers a made-up event to the event executions only (nothing is stored); answers the calls it caused. */
  fireEvent: (body: FireEventBody) => post<EventFired>("/fire-event", body),
  sinkCalls: (name: string, signal?: AbortSignal) =>
    controlCall<{ calls: SinkCall[] }>(`/sinks/${encodeURIComponent(name)}/calls`, { signal }).then((r) => r.calls),

  /** Faults (docs/behaviour.md "Faults"): define one ({instanceId?, where, what, times?, for?}), list, remove one or all. */
  faults: (instanceId?: string, signal?: AbortSignal) => controlCall<{ faults: Fault[] }>(`/faults${query({ instanceId })}`, { signal }).then((r) => r.faults),
  addFault: (definition: unknown) => post<{ fault: Fault }>("/faults", definition).then((r) => r.fault),
  removeFault: (id: string) => controlCall<{ removed: number }>(`/faults/${encodeURIComponent(id)}`, { method: "DELETE" }),
  removeFaults: (instanceId?: string) => controlCall<{ removed: number }>(`/faults${query({ instanceId })}`, { method: "DELETE" }),
  /** The request journal, oldest first; live: subscribe(`/requests/stream${query(…)}`, {request}). */
  requests: (q: { instanceId?: string; endpoint?: string; clientId?: string } = {}, signal?: AbortSignal) =>
    controlCall<{ requests: JournalEntry[]; count: number }>(`/requests${query(q)}`, { signal }),
  clearRequests: (instanceId?: string) => controlCall<{ cleared: number }>(`/requests${query({ instanceId })}`, { method: "DELETE" }),

  /** Org documents ({orgs: [...]}): what a file holds with its validation errors, and its diff against an instance; neither writes. */
  inspectDocument: (document: unknown) => post<InspectResult>("/orgs/_inspect", { document }),
  diffDocument: (document: unknown, instanceId?: string) => post<DiffResult>("/orgs/_diff", { document, instanceId }),
  /** Starts an import or export job; follow it with subscribe(`/jobs/${id}/events`). */
  startJob: (body: JobBody) => controlCall<{ id: string }>("/jobs", { method: "POST", body }).then((r) => r.id),
  job: (id: string, signal?: AbortSignal) => controlCall<Job>(`/jobs/${encodeURIComponent(id)}`, { signal }),
  cancelJob: (id: string) => post<Job>(`/jobs/${encodeURIComponent(id)}/_cancel`),
  /** The jobs kept, newest first, without their reports; `state` repeats (`state=queued&state=running`). */
  jobs: (q: { instanceId?: string; state?: Job["state"][] } = {}, signal?: AbortSignal) => {
    const params = new URLSearchParams(q.instanceId ? { instanceId: q.instanceId } : {});
    for (const s of q.state ?? []) params.append("state", s);
    const s = params.toString();
    return controlCall<{ jobs: JobSummary[] }>(`/jobs${s ? `?${s}` : ""}`, { signal }).then((r) => r.jobs);
  },
  /** Locks, unlocks, deactivates or reactivates a user of the instance (the resource API has no rpc for it). */
  changeUserState: (instanceId: string | undefined, userId: string, change: "lock" | "unlock" | "deactivate" | "reactivate") =>
    post<UserStateResult>(`/users/${encodeURIComponent(userId)}/_${change}${query({ instanceId })}`),
  userMetadata: (instanceId: string | undefined, userId: string, signal?: AbortSignal) =>
    controlCall<{ metadata: MetadataEntry[] }>(`/users/${encodeURIComponent(userId)}/metadata${query({ instanceId })}`, { signal }).then((r) => r.metadata),
  setUserMetadata: (instanceId: string | undefined, userId: string, key: string, value: string) =>
    controlCall<{ metadata: MetadataEntry[] }>(`/users/${encodeURIComponent(userId)}/metadata/${encodeURIComponent(key)}${query({ instanceId })}`, {
      method: "PUT",
      body: { value },
    }).then((r) => r.metadata),
  removeUserMetadata: (instanceId: string | undefined, userId: string, key: string) =>
    controlCall<{ metadata: MetadataEntry[] }>(`/users/${encodeURIComponent(userId)}/metadata/${encodeURIComponent(key)}${query({ instanceId })}`, {
      method: "DELETE",
    }).then((r) => r.metadata),
};
