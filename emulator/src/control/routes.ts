// The control API's contract: every route under /emulator/v1 as data (method, path, TypeBox schemas),
// by id. The server registers each handler by its id (register-route.ts takes method, path and schemas
// from here); scripts/generate-control-client.ts writes the typed client the renderer and the tests
// use (renderer/src/api/control.gen.ts). Add a route here first, then its handler in a *-routes.ts.
// `open`: served without the console token (health, ready, the sink targets call); every other route
// needs it or the UI's session. `stream`: not JSON: server-sent events ("sse") or whatever the sink
// is configured to answer ("raw"); the client only names their path.

import type { TSchema } from "@sinclair/typebox";
import { ORG_DOCUMENT_BODY_LIMIT } from "../kernel/body-limit.js";
import { InstanceSnapshotParams, NewInstanceBody, Seed, SeededInstance } from "./instance-seed-schemas.js";
import * as S from "./schemas.js";

/** Where the control API is served. */
export const CONTROL_PREFIX = "/emulator/v1";

export type ControlMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ControlRoute {
  method: ControlMethod;
  /** Below CONTROL_PREFIX, fastify's syntax: `:name` and a trailing `*` are parameters. */
  url: string;
  schema: { params?: TSchema; querystring?: TSchema; body?: TSchema; response?: Partial<Record<number, TSchema>> };
  open?: true;
  stream?: "sse" | "raw";
  bodyLimit?: number;
}

const id = { params: S.IdParams };
const byInstance = { querystring: S.ByInstanceQuery };
const notFound = { 404: S.ControlError };
const refused = { 400: S.ControlError, 404: S.ControlError, 409: S.ControlError };
const document = { bodyLimit: ORG_DOCUMENT_BODY_LIMIT };

export const CONTROL_ROUTES = {
  health: { method: "GET", url: "/health", open: true, schema: { response: { 200: S.Health } } },
  ready: { method: "GET", url: "/ready", open: true, schema: { response: { 200: S.Ready } } },
  sink: { method: "POST", url: "/sink/:name", open: true, stream: "raw", schema: { params: S.SinkParams } },
  reset: { method: "POST", url: "/reset", schema: { response: { 200: S.ResetDone } } },

  snapshots: { method: "GET", url: "/snapshots", schema: { response: { 200: S.SnapshotList } } },
  saveSnapshot: { method: "POST", url: "/snapshots", schema: { body: S.SaveSnapshotBody, response: { 200: S.SnapshotInfo, 201: S.SnapshotInfo } } },
  restoreSnapshot: {
    method: "POST",
    url: "/snapshots/:name/_restore",
    schema: { params: S.SnapshotParams, response: { 200: S.SnapshotRestored, ...notFound } },
  },
  deleteSnapshot: { method: "DELETE", url: "/snapshots/:name", schema: { params: S.SnapshotParams, response: { 200: S.SnapshotDeleted, ...notFound } } },

  clock: { method: "GET", url: "/clock", schema: { response: { 200: S.ClockState } } },
  freezeClock: { method: "POST", url: "/clock/_freeze", schema: { body: S.FreezeBody, response: { 200: S.ClockState } } },
  advanceClock: { method: "POST", url: "/clock/_advance", schema: { body: S.AdvanceBody, response: { 200: S.ClockState, 400: S.ControlError } } },
  realClock: { method: "POST", url: "/clock/_reset", schema: { response: { 200: S.ClockState } } },
  resumeClock: { method: "POST", url: "/clock/_resume", schema: { response: { 200: S.ClockState } } },

  events: { method: "GET", url: "/events", schema: { querystring: S.EventQuery, response: { 200: S.EventPage } } },
  eventStream: { method: "GET", url: "/events/stream", stream: "sse", schema: { querystring: S.EventStreamQuery } },

  instances: { method: "GET", url: "/instances", schema: { response: { 200: S.InstanceList } } },
  setFeatures: { method: "PATCH", url: "/instances/:id/features", schema: { ...id, body: S.FeaturesPatch, response: { 200: S.Features, ...notFound } } },
  keys: { method: "GET", url: "/instances/:id/keys", schema: { ...id, response: { 200: S.KeyList, ...notFound } } },
  rotateKeys: { method: "POST", url: "/instances/:id/keys/_rotate", schema: { ...id, response: { 200: S.KeyRotated, ...notFound } } },
  createInstance: { method: "POST", url: "/instances", ...document, schema: { body: NewInstanceBody, response: { 201: SeededInstance, ...refused } } },
  seedInstance: { method: "POST", url: "/instances/:id/_seed", ...document, schema: { ...id, body: Seed, response: { 200: SeededInstance, ...refused } } },
  resetInstance: { method: "POST", url: "/instances/:id/_reset", schema: { ...id, response: { 200: S.ResetDone, ...refused } } },
  instanceSnapshots: { method: "GET", url: "/instances/:id/snapshots", schema: { ...id, response: { 200: S.SnapshotList, ...refused } } },
  saveInstanceSnapshot: {
    method: "POST",
    url: "/instances/:id/snapshots",
    schema: { ...id, body: S.SaveSnapshotBody, response: { 200: S.SnapshotInfo, 201: S.SnapshotInfo, ...refused } },
  },
  restoreInstanceSnapshot: {
    method: "POST",
    url: "/instances/:id/snapshots/:name/_restore",
    schema: { params: InstanceSnapshotParams, response: { 200: S.SnapshotRestored, ...refused } },
  },
  deleteInstanceSnapshot: {
    method: "DELETE",
    url: "/instances/:id/snapshots/:name",
    schema: { params: InstanceSnapshotParams, response: { 200: S.SnapshotDeleted, ...refused } },
  },

  tokens: { method: "GET", url: "/tokens", schema: { ...byInstance, response: { 200: S.TokenList } } },
  introspectToken: { method: "POST", url: "/tokens/_introspect", schema: { body: S.IntrospectBody, response: { 200: S.TokenIntrospection, ...notFound } } },
  userinfo: {
    method: "POST",
    url: "/tokens/_userinfo",
    schema: { body: S.IntrospectBody, response: { 200: S.ExchangeResponse, 400: S.ControlError, ...notFound } },
  },
  revokeToken: { method: "POST", url: "/tokens/:id/_revoke", schema: { ...id, response: { 200: S.TokensRevoked, ...notFound } } },
  sessions: { method: "GET", url: "/sessions", schema: { ...byInstance, response: { 200: S.SessionList } } },
  terminateSession: {
    method: "POST",
    url: "/sessions/:id/_terminate",
    schema: { ...id, ...byInstance, response: { 200: S.SessionTerminated, ...notFound } },
  },

  outbox: { method: "GET", url: "/outbox", schema: { querystring: S.OutboxQuery, response: { 200: S.MessageList } } },
  clearOutbox: { method: "DELETE", url: "/outbox", schema: { response: { 200: S.MessagesDeleted } } },

  targetCalls: { method: "GET", url: "/target-calls", schema: { querystring: S.CallQuery, response: { 200: S.CallList } } },
  targetCallStream: { method: "GET", url: "/target-calls/stream", stream: "sse", schema: { querystring: S.CallQuery } },
  replayCall: { method: "POST", url: "/target-calls/:id/_replay", schema: { params: S.CallParams, response: { 200: S.CallReplayed, ...notFound } } },
  fireEvent: { method: "POST", url: "/fire-event", schema: { body: S.FireEventBody, response: { 200: S.EventFired, ...notFound } } },
  setSink: { method: "PUT", url: "/sinks/:name", schema: { params: S.SinkParams, body: S.SinkConfigBody, response: { 200: S.SinkConfig } } },
  sinkConfig: { method: "GET", url: "/sinks/:name", schema: { params: S.SinkParams, response: { 200: S.SinkConfig } } },
  sinkCalls: { method: "GET", url: "/sinks/:name/calls", schema: { params: S.SinkParams, response: { 200: S.SinkCallList } } },

  buckets: { method: "GET", url: "/buckets", schema: { response: { 200: S.BucketList } } },
  createBucket: { method: "POST", url: "/buckets", schema: { body: S.CreateBucketBody, response: { 201: S.Bucket, 409: S.ControlError } } },
  bucketObjects: {
    method: "GET",
    url: "/buckets/:bucket/objects",
    schema: { params: S.BucketParams, querystring: S.BucketObjectQuery, response: { 200: S.BucketObjectList, ...notFound } },
  },
  /** The object's metadata; its name followed by `:download`: its bytes. */
  bucketObject: { method: "GET", url: "/buckets/:bucket/objects/*", schema: { params: S.BucketObjectParams, response: { 200: S.BucketObject, ...notFound } } },

  validateDocument: { method: "POST", url: "/orgs/_validate", ...document, schema: { body: S.ImportBody, response: { 200: S.ValidateResult } } },
  inspectDocument: { method: "POST", url: "/orgs/_inspect", ...document, schema: { body: S.ImportBody, response: { 200: S.InspectResult } } },
  importDocument: {
    method: "POST",
    url: "/orgs/_import",
    ...document,
    schema: { body: S.ImportBody, querystring: S.ImportQuery, response: { 200: S.ImportResult, ...notFound } },
  },
  diffDocument: {
    method: "POST",
    url: "/orgs/_diff",
    ...document,
    schema: { body: S.ImportBody, response: { 200: S.DiffResult, 400: S.ControlError, ...notFound } },
  },
  startJob: { method: "POST", url: "/jobs", ...document, schema: { body: S.JobBody, response: { 202: S.JobStarted, ...notFound } } },
  jobs: { method: "GET", url: "/jobs", schema: { querystring: S.JobListQuery, response: { 200: S.JobList } } },
  job: { method: "GET", url: "/jobs/:id", schema: { ...id, response: { 200: S.Job, ...notFound } } },
  jobEvents: { method: "GET", url: "/jobs/:id/events", stream: "sse", schema: { ...id, response: notFound } },
  cancelJob: { method: "POST", url: "/jobs/:id/_cancel", schema: { ...id, response: { 200: S.Job, 404: S.ControlError, 409: S.ControlError } } },

  session: { method: "GET", url: "/ui/session", schema: { response: { 200: S.UiSession } } },
  runFlow: { method: "POST", url: "/flows", schema: { body: S.FlowRequest, response: { 200: S.FlowResult, 400: S.ControlError, ...notFound } } },

  changeUserState: {
    method: "POST",
    url: "/users/:id/:change",
    schema: { params: S.UserStateParams, ...byInstance, response: { 200: S.UserStateResult, 400: S.ControlError, ...notFound } },
  },
  userMetadata: {
    method: "GET",
    url: "/users/:id/metadata",
    schema: { ...id, ...byInstance, response: { 200: S.MetadataList, 400: S.ControlError, ...notFound } },
  },
  setUserMetadata: {
    method: "PUT",
    url: "/users/:id/metadata/:key",
    schema: { params: S.MetadataParams, ...byInstance, body: S.MetadataBody, response: { 200: S.MetadataList, 400: S.ControlError, ...notFound } },
  },
  removeUserMetadata: {
    method: "DELETE",
    url: "/users/:id/metadata/:key",
    schema: { params: S.MetadataParams, ...byInstance, response: { 200: S.MetadataList, 400: S.ControlError, ...notFound } },
  },

  addFault: { method: "POST", url: "/faults", schema: { body: S.FaultBody, response: { 201: S.FaultCreated, 400: S.FaultRefused } } },
  faults: { method: "GET", url: "/faults", schema: { ...byInstance, response: { 200: S.FaultList } } },
  fault: { method: "GET", url: "/faults/:id", schema: { params: S.FaultParams, response: { 200: S.Fault, ...notFound } } },
  removeFault: { method: "DELETE", url: "/faults/:id", schema: { params: S.FaultParams, response: { 200: S.FaultsRemoved, ...notFound } } },
  removeFaults: { method: "DELETE", url: "/faults", schema: { ...byInstance, response: { 200: S.FaultsRemoved } } },

  requests: { method: "GET", url: "/requests", schema: { querystring: S.JournalQuery, response: { 200: S.JournalPage } } },
  requestCount: { method: "GET", url: "/requests/count", schema: { querystring: S.JournalQuery, response: { 200: S.JournalCount } } },
  clearRequests: { method: "DELETE", url: "/requests", schema: { ...byInstance, response: { 200: S.JournalCleared } } },
  requestStream: { method: "GET", url: "/requests/stream", stream: "sse", schema: { querystring: S.JournalQuery } },
  changeStream: { method: "GET", url: "/changes/stream", stream: "sse", schema: { querystring: S.ChangeStreamQuery } },
} as const satisfies Record<string, ControlRoute>;

export type ControlRoutes = typeof CONTROL_ROUTES;
export type ControlRouteId = keyof ControlRoutes;
