// The control API for the screens: `control.*` over the generated client (control.gen.ts, one function
// per route of the contract emulator/src/control/routes.ts, which declares every path). The types come
// from the emulator's own schemas (type imports only: nothing of emulator/src is bundled). The session
// cookie signs the calls in; the UI_HEADER is the CSRF proof the API asks of cookie-signed requests
// (ui-access.ts). Screen authors: add a wrapper here for each route a screen uses, next to its neighbours.

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
import { CONTROL_PREFIX, type ControlTransport, controlClient, UI_HEADER } from "./control.gen";
import { fetchJson } from "./http";

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

/** Where the control API is served (from its contract). */
export const CONTROL_BASE = CONTROL_PREFIX;
export { controlPaths } from "./control.gen";

/** Every call: the path below CONTROL_BASE, JSON in and out (fetchJson), with the session cookie and UI_HEADER. */
const send: ControlTransport = (req) =>
  fetchJson(`${CONTROL_BASE}${req.path}`, { method: req.method, body: req.body, signal: req.signal, headers: { [UI_HEADER]: "1" } });
const api = controlClient(send);

/** A query string (`?a=1&b=2`, or "") of the values given, leaving out undefined and "". */
export const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const control = {
  /** What the UI needs after sign-in: endpoints, data dir, admin PAT, instances. */
  session: (signal?: AbortSignal) => api.session(signal),
  reset: () => api.reset(),

  clock: (signal?: AbortSignal) => api.clock(signal),
  /** Stops time now, or at `at` (ISO time). */
  freezeClock: (at?: string) => api.freezeClock({ body: at ? { at } : {} }),
  /** `by`: a duration like "90s", "15m", "1h30m". */
  advanceClock: (by: string) => api.advanceClock({ body: { by } }),
  resumeClock: () => api.resumeClock(),
  realClock: () => api.realClock(),

  snapshots: (signal?: AbortSignal) => api.snapshots(signal).then((r) => r.snapshots),
  saveSnapshot: (name: string) => api.saveSnapshot({ body: { name } }),
  restoreSnapshot: (name: string) => api.restoreSnapshot({ params: { name } }),
  deleteSnapshot: (name: string) => api.deleteSnapshot({ params: { name } }),

  instances: (signal?: AbortSignal) => api.instances(signal).then((r) => r.instances),
  setFeatures: (instanceId: string, features: Partial<Features>) => api.setFeatures({ params: { id: instanceId }, body: features }),

  events: (q: Partial<EventQuery> = {}, signal?: AbortSignal) => api.events({ query: q }, signal),
  tokens: (instanceId?: string, signal?: AbortSignal) => api.tokens({ query: { instanceId } }, signal).then((r) => r.tokens),
  revokeToken: (id: string) => api.revokeToken({ params: { id } }),
  /** A token value's record and the introspection answer its own client would get. */
  introspectToken: (token: string, instanceId?: string, signal?: AbortSignal) => api.introspectToken({ body: { token, instanceId } }, signal),
  /** What the instance's userinfo endpoint answers for an access token (status, headers, body; errors included). */
  userinfo: (accessToken: string, instanceId?: string, signal?: AbortSignal) => api.userinfo({ body: { token: accessToken, instanceId } }, signal),
  /** The instance's published signing keys (its JWKS). */
  keys: (instanceId: string, signal?: AbortSignal) => api.keys({ params: { id: instanceId } }, signal).then((r) => r.keys),
  /** Runs an OAuth / OIDC flow against the emulator's own endpoints and returns every exchange. */
  runFlow: (req: FlowRequest) => api.runFlow({ body: req }),

  /** The delivery log; live: subscribe(controlPaths.targetCallStream({ query }), {call}). */
  targetCalls: (q: { instanceId?: string; targetId?: string; executionId?: string } = {}, signal?: AbortSignal) =>
    api.targetCalls({ query: q }, signal).then((r) => r.calls),
  /** Calls the recorded call's target again with its payload, signed anew. */
  replayCall: (id: string) => api.replayCall({ params: { id } }).then((r) => r.call),
  /** Delivers a made-up event to the event executions only (nothing is stored); answers the calls it caused. */
  fireEvent: (body: FireEventBody) => api.fireEvent({ body }),
  sinkCalls: (name: string, signal?: AbortSignal) => api.sinkCalls({ params: { name } }, signal).then((r) => r.calls),

  /** Faults (docs/behaviour.md "Faults"): define one ({instanceId?, where, what, times?, for?}), list, remove one or all. */
  faults: (instanceId?: string, signal?: AbortSignal) => api.faults({ query: { instanceId } }, signal).then((r) => r.faults),
  addFault: (definition: unknown) => api.addFault({ body: definition }).then((r) => r.fault),
  removeFault: (id: string) => api.removeFault({ params: { id } }),
  removeFaults: (instanceId?: string) => api.removeFaults({ query: { instanceId } }),
  /** The request journal, oldest first; live: subscribe(controlPaths.requestStream({ query }), {request}). */
  requests: (q: { instanceId?: string; endpoint?: string; clientId?: string } = {}, signal?: AbortSignal) => api.requests({ query: q }, signal),
  clearRequests: (instanceId?: string) => api.clearRequests({ query: { instanceId } }),

  /** Org documents ({orgs: [...]}): what a file holds with its validation errors, and its diff against an instance; neither writes. */
  inspectDocument: (document: unknown) => api.inspectDocument({ body: { document } }),
  diffDocument: (document: unknown, instanceId?: string) => api.diffDocument({ body: { document, instanceId } }),
  /** Starts an import or export job; follow it with subscribe(controlPaths.jobEvents({ params: { id } })). */
  startJob: (body: JobBody) => api.startJob({ body }).then((r) => r.id),
  job: (id: string, signal?: AbortSignal) => api.job({ params: { id } }, signal),
  cancelJob: (id: string) => api.cancelJob({ params: { id } }),
  /** The jobs kept, newest first, without their reports; `state` repeats (`state=queued&state=running`). */
  jobs: (q: { instanceId?: string; state?: Job["state"][] } = {}, signal?: AbortSignal) => api.jobs({ query: q }, signal).then((r) => r.jobs),
  /** Locks, unlocks, deactivates or reactivates a user of the instance (the resource API has no rpc for it). */
  changeUserState: (instanceId: string | undefined, userId: string, change: "lock" | "unlock" | "deactivate" | "reactivate") =>
    api.changeUserState({ params: { id: userId, change: `_${change}` }, query: { instanceId } }),
  userMetadata: (instanceId: string | undefined, userId: string, signal?: AbortSignal) =>
    api.userMetadata({ params: { id: userId }, query: { instanceId } }, signal).then((r) => r.metadata),
  setUserMetadata: (instanceId: string | undefined, userId: string, key: string, value: string) =>
    api.setUserMetadata({ params: { id: userId, key }, query: { instanceId }, body: { value } }).then((r) => r.metadata),
  removeUserMetadata: (instanceId: string | undefined, userId: string, key: string) =>
    api.removeUserMetadata({ params: { id: userId, key }, query: { instanceId } }).then((r) => r.metadata),
};
