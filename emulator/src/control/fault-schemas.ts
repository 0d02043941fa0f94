// The control API's faults and request journal (issue 29), declared with TypeBox. A definition's
// body is read field by field by fault-definition.ts (so a refusal names the field); its schema
// here documents it and types the answers.

import { Type, type Static } from "@sinclair/typebox";
import { Id, Nullable, Time } from "./schema-parts.js";

export const FaultWhere = Type.Object({
  endpoint: Type.Optional(
    Type.String({ description: "discovery, jwks, authorize, token, introspect, userinfo, revoke, end_session, device_authorization, login" }),
  ),
  grantType: Type.Optional(Type.String()),
  method: Type.Optional(Type.String({ description: '"/svc.resources.user.v3alpha.SvcUsers/GetUser"' })),
  service: Type.Optional(Type.String()),
  admin: Type.Optional(Type.Literal(true)),
  clientId: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
});

export const FaultWhat = Type.Object(
  {
    kind: Type.String({ description: "oauthError, rpcError, http, delay, drop, truncate, expiredToken, tokenExpiresIn" }),
  },
  { additionalProperties: true },
);

/** POST /faults: read by fault-definition.ts, which names the first bad field. */
export const FaultBody = Type.Unknown({
  description: '{"instanceId"?, "where": {...}, "what": {"kind", ...}, "times"?: N, "for"?: "30s"}',
});

export const Fault = Type.Object({
  id: Type.String(),
  instanceId: Type.String(),
  where: FaultWhere,
  what: FaultWhat,
  times: Nullable(Type.Integer()),
  hits: Type.Integer(),
  remaining: Nullable(Type.Integer()),
  until: Nullable(Time),
  state: Type.Union([Type.Literal("active"), Type.Literal("used"), Type.Literal("expired")]),
  createdAt: Time,
});
export const FaultCreated = Type.Object({ fault: Fault });
export const FaultList = Type.Object({ faults: Type.Array(Fault) });
export const FaultParams = Type.Object({ id: Id });
export const FaultsRemoved = Type.Object({ removed: Type.Integer() });
export const FaultRefused = Type.Object({ code: Type.Integer(), message: Type.String(), field: Type.String() });

export const JournalQuery = Type.Object(
  {
    instanceId: Type.Optional(Type.String()),
    surface: Type.Optional(Type.Union([Type.Literal("oidc"), Type.Literal("resource"), Type.Literal("admin")])),
    endpoint: Type.Optional(
      Type.String({ description: 'an OIDC endpoint name, an rpc\'s full name or a service ("token", "/svc.resources.user.v3alpha.SvcUsers/GetUser")' }),
    ),
    clientId: Type.Optional(Type.String()),
    userId: Type.Optional(Type.String()),
    faultId: Type.Optional(Type.String()),
    since: Type.Optional(Time),
    after: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

export const JournalEntry = Type.Object({
  seq: Type.Integer(),
  at: Time,
  instanceId: Type.String(),
  surface: Type.Union([Type.Literal("oidc"), Type.Literal("resource"), Type.Literal("admin")]),
  transport: Type.Union([Type.Literal("http"), Type.Literal("rest"), Type.Literal("grpc"), Type.Literal("grpc-web")]),
  endpoint: Type.String(),
  clientId: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  code: Nullable(Type.String()),
  durationMs: Type.Number(),
  faultId: Nullable(Type.String()),
});
export const JournalPage = Type.Object({ requests: Type.Array(JournalEntry), count: Type.Integer() });
export const JournalCount = Type.Object({ count: Type.Integer() });
export const JournalCleared = Type.Object({ cleared: Type.Integer() });

export type Fault = Static<typeof Fault>;
export type JournalEntry = Static<typeof JournalEntry>;
