// Every request and response of the control API under /emulator/v1, declared once with TypeBox:
// the routes validate with these schemas and are type-checked against them (type-provider.ts), and
// the coming renderer/ imports this module for its types. One casing, lowerCamel, like the
// resource API's JSON; the old snake_case names are still read on input (casing.ts).

import { Type, type Static } from "@sinclair/typebox";
import { SNAPSHOT_NAME } from "../store/snapshots.js";

export type { Static } from "@sinclair/typebox";

import { Id, Nullable, Time } from "./schema-parts.js";

// -- common -----------------------------------------------------------------------------------

/** Every error: the gRPC code and a sentence, like the resource API's routing errors. */
export const ControlError = Type.Object({ code: Type.Integer(), message: Type.String() });
export const IdParams = Type.Object({ id: Id });
export const ByInstanceQuery = Type.Object({ instanceId: Type.Optional(Type.String()) }, { additionalProperties: false });

export const Health = Type.Object({ status: Type.Literal("ok") });
export const Ready = Type.Object({ ready: Type.Literal(true) });
export const ResetDone = Type.Object({ reset: Type.Literal(true) });

// -- snapshots --------------------------------------------------------------------------------

const SnapshotName = Type.String({ pattern: SNAPSHOT_NAME.source });
export const SnapshotParams = Type.Object({ name: SnapshotName });
export const SaveSnapshotBody = Type.Object({ name: SnapshotName }, { additionalProperties: false });
export const SnapshotInfo = Type.Object({ name: Type.String(), createdAt: Time, sizeBytes: Type.Integer() });
export const SnapshotList = Type.Object({ snapshots: Type.Array(SnapshotInfo) });
export const SnapshotRestored = Type.Object({ restored: Type.String() });
export const SnapshotDeleted = Type.Object({ deleted: Type.String() });

// -- clock ------------------------------------------------------------------------------------

export const ClockState = Type.Object({ now: Time, frozen: Type.Boolean(), offsetMs: Type.Number() });
export const FreezeBody = Type.Object({ at: Type.Optional(Time) }, { additionalProperties: false });
export const AdvanceBody = Type.Object(
  { by: Type.String({ description: 'a duration like "90s", "15m", "1h30m" or "1.5s"' }) },
  { additionalProperties: false },
);

// -- change notices -------------------------------------------------------------------------

/**
 * One server-sent event of GET /changes/stream (`event: change`): what changed, never the new state (a
 * client reads that again). `state`: rows were put back from an image (a reset, a snapshot restored,
 * one instance reset or restored: `instanceId`); `instances`: an instance was added, changed or removed.
 */
/** The change stream takes no parameters: one it does not know (a filter it lacks) is refused. */
export const ChangeStreamQuery = Type.Object({}, { additionalProperties: false });
export const ChangeNotice = Type.Object({
  topic: Type.Union([
    Type.Literal("clock"),
    Type.Literal("snapshots"),
    Type.Literal("faults"),
    Type.Literal("jobs"),
    Type.Literal("instances"),
    Type.Literal("state"),
  ]),
  instanceId: Type.Optional(Type.String()),
});

// -- event log --------------------------------------------------------------------------------

export const EventQuery = Type.Object(
  {
    instanceId: Type.Optional(Type.String()),
    aggregateType: Type.Optional(Type.String()),
    aggregateId: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    after: Type.Optional(Type.Integer({ minimum: 0, description: "only events after this position" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);
/** The live stream's filters: the log's, without paging. */
export const EventStreamQuery = Type.Omit(EventQuery, ["after", "limit"], { additionalProperties: false });
export const Origin = Type.Union([
  Type.Literal("api"),
  Type.Literal("oidc"),
  Type.Literal("control"),
  Type.Literal("actions"),
  Type.Literal("seed"),
  Type.Literal("import"),
]);
export const StoredEvent = Type.Object({
  position: Type.Integer(),
  instanceId: Type.String(),
  aggregateType: Type.String(),
  aggregateId: Type.String(),
  aggregateSequence: Type.Integer(),
  type: Type.String(),
  /** The event's own payload, as stored (its keys are the event's, not this API's). */
  payload: Type.Record(Type.String(), Type.Unknown()),
  creator: Type.String(),
  resourceOwner: Type.String(),
  createdAt: Time,
  origin: Type.Optional(Origin),
});
/** `nextAfter`: the `after` of the next page; null on the last one. */
export const EventPage = Type.Object({ events: Type.Array(StoredEvent), nextAfter: Nullable(Type.Integer()) });

// -- instances --------------------------------------------------------------------------------

export const Features = Type.Object({
  multitenancyResourcesApi: Type.Boolean(),
  multitenancySettings: Type.Boolean(),
  oidcTokenExchange: Type.Boolean({ description: "the token exchange grant (RFC 8693)" }),
  impersonation: Type.Boolean({ description: "token exchange may impersonate (actor tokens, user_id and jwt subjects)" }),
});
export const FeaturesPatch = Type.Partial(Features, { additionalProperties: false, minProperties: 1 });
export const Instance = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDefault: Type.Boolean(),
  domains: Type.Array(Type.String()),
  features: Features,
  blocked: Type.Boolean(),
  auditLogRetentionMs: Nullable(Type.Number()),
  changedAt: Time,
  sequence: Type.Integer(),
});
export const InstanceList = Type.Object({ instances: Type.Array(Instance) });
/** A public JSON Web Key as the key set publishes it. */
export const PublicJwk = Type.Record(Type.String(), Type.Unknown());
export const KeyList = Type.Object({ keys: Type.Array(PublicJwk) });
export const KeyRotated = Type.Object({ kid: Type.String(), keys: Type.Array(PublicJwk) });

// -- tokens and login sessions ----------------------------------------------------------------

export const Token = Type.Object({
  /** The token's value: the opaque bearer token, or the jti of a JWT. */
  id: Type.String(),
  tokenId: Nullable(Type.String()),
  instanceId: Type.String(),
  kind: Type.Union([Type.Literal("access"), Type.Literal("refresh")]),
  clientId: Type.String(),
  userId: Type.String(),
  sessionId: Nullable(Type.String()),
  authRequestId: Nullable(Type.String()),
  refreshTokenId: Nullable(Type.String()),
  scope: Type.Array(Type.String()),
  audience: Type.Array(Type.String()),
  format: Type.Union([Type.Literal("opaque"), Type.Literal("jwt")]),
  authTime: Nullable(Time),
  amr: Type.Array(Type.String()),
  expiresAt: Time,
  revokedAt: Nullable(Time),
  createdAt: Time,
  personal: Type.Optional(Type.Boolean()),
  active: Type.Boolean(),
});
export const TokenList = Type.Object({ tokens: Type.Array(Token) });
export const IntrospectBody = Type.Object({ token: Type.String({ minLength: 1 }), instanceId: Type.Optional(Type.String()) }, { additionalProperties: false });
export const TokenIntrospection = Type.Object({
  token: Nullable(Token),
  actionClaims: Nullable(
    Type.Object(
      { accessToken: Type.Array(Type.String()), idToken: Type.Array(Type.String()) },
      { description: "claim names actions' functions added to the access token (preaccesstoken) and the ID token issued with it (preuserinfo)" },
    ),
  ),
  introspection: Type.Record(Type.String(), Type.Unknown(), { description: "RFC 7662 answer as the token's own client would get it" }),
});
export const TokensRevoked = Type.Object({ revoked: Type.Array(Type.String()) });
export const LoginSession = Type.Object({
  id: Type.String(),
  instanceId: Type.String(),
  userAgentId: Type.String(),
  userId: Type.String(),
  authTime: Time,
  amr: Type.Array(Type.String()),
  terminatedAt: Nullable(Time),
});
export const SessionList = Type.Object({ sessions: Type.Array(LoginSession) });
export const SessionTerminated = Type.Object({ terminated: Type.String(), revokedTokens: Type.Integer() });

// -- outbox -----------------------------------------------------------------------------------

const Channel = Type.Union([Type.Literal("email"), Type.Literal("sms")]);
export const OutboxQuery = Type.Object(
  { instanceId: Type.Optional(Type.String()), channel: Type.Optional(Channel), recipient: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export const OutboxMessage = Type.Object({
  id: Type.String(),
  instanceId: Type.String(),
  channel: Channel,
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  providerId: Nullable(Type.String()),
  status: Type.Union([Type.Literal("outboxed"), Type.Literal("sending"), Type.Literal("sent"), Type.Literal("failed")]),
  error: Nullable(Type.String()),
  createdAt: Time,
});
export const MessageList = Type.Object({ messages: Type.Array(OutboxMessage) });
export const MessagesDeleted = Type.Object({ deleted: Type.Integer() });

// -- local buckets ----------------------------------------------------------------------------

const BucketName = Type.String({ pattern: "^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$", description: "GCS's bucket name rule" });
export const BucketParams = Type.Object({ bucket: BucketName });
/** `*`: the object name, then `:download` for its bytes. */
export const BucketObjectParams = Type.Object({ bucket: BucketName, "*": Type.String({ minLength: 1 }) });
export const CreateBucketBody = Type.Object({ name: BucketName }, { additionalProperties: false });
export const Bucket = Type.Object({ name: Type.String(), createdAt: Time, objectCount: Type.Integer(), sizeBytes: Type.Integer() });
export const BucketList = Type.Object({ buckets: Type.Array(Bucket) });
export const BucketObjectQuery = Type.Object({ prefix: Type.Optional(Type.String()) }, { additionalProperties: false });
export const BucketObject = Type.Object({
  bucket: Type.String(),
  name: Type.String(),
  sizeBytes: Type.Integer(),
  contentType: Type.String(),
  md5Hash: Type.String(),
  crc32c: Type.String(),
  generation: Type.String(),
  createdAt: Time,
  updatedAt: Time,
  metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export const BucketObjectList = Type.Object({ objects: Type.Array(BucketObject) });

// -- the UI's session (issue 13) --------------------------------------------------------------

/** What the UI reads once after sign-in and keeps in memory (never in localStorage). */
export const UiSession = Type.Object({
  url: Type.String({ description: "where every protocol is served" }),
  issuer: Type.String({ description: "the default instance's OIDC issuer" }),
  dataDir: Nullable(Type.String({ description: "the data directory; null in memory" })),
  adminPat: Type.String({ description: "a personal access token of the seed's instance owner, for the resource API; empty when the fixtures give none" }),
  instances: Type.Array(Instance),
});

// -- the types, for the routes and the renderer -----------------------------------------------

export type ControlError = Static<typeof ControlError>;
export type SnapshotInfo = Static<typeof SnapshotInfo>;
export type ClockState = Static<typeof ClockState>;
export type ChangeNotice = Static<typeof ChangeNotice>;
export type EventQuery = Static<typeof EventQuery>;
export type StoredEvent = Static<typeof StoredEvent>;
export type EventPage = Static<typeof EventPage>;
export type Features = Static<typeof Features>;
export type Instance = Static<typeof Instance>;
export type Token = Static<typeof Token>;
export type TokenIntrospection = Static<typeof TokenIntrospection>;
export type LoginSession = Static<typeof LoginSession>;
export type OutboxMessage = Static<typeof OutboxMessage>;
export type Bucket = Static<typeof Bucket>;
export type BucketObject = Static<typeof BucketObject>;
export type UiSession = Static<typeof UiSession>;

// -- org import, diff and jobs (issue 12): in org-import-schemas.ts, part of this module's API --------

export * from "./org-import-schemas.js";

// -- the flow runner (issue 13): in flow-schemas.ts, part of this module's API -----------------

export * from "./flow-schemas.js";

// -- user state and metadata (issue 13): in user-schemas.ts, part of this module's API ---------

export * from "./user-schemas.js";

// -- recorded target calls, fired events and the target sink: in action-schemas.ts, part of this module's API

export * from "./action-schemas.js";

// -- faults and the request journal: in fault-schemas.ts, part of this module's API

export * from "./fault-schemas.js";
