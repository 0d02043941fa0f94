// The flow runner's request and answer (POST /emulator/v1/flows), part of schemas.ts's API.

import { Type, type Static } from "@sinclair/typebox";

export const FlowRequest = Type.Object(
  {
    flow: Type.Union([
      Type.Literal("authorization_code"),
      Type.Literal("device_code"),
      Type.Literal("client_credentials"),
      Type.Literal("refresh_token"),
      Type.Literal("token_exchange"),
    ]),
    instanceId: Type.Optional(Type.String({ minLength: 1, description: "the instance; the default one when absent" })),
    appId: Type.Optional(Type.String({ minLength: 1 })),
    clientId: Type.Optional(Type.String({ minLength: 1, description: "the app's client id; for client_credentials the machine user's user name" })),
    clientSecret: Type.Optional(Type.String({ minLength: 1, description: "for clients with a secret method: the emulator keeps only its digest" })),
    userId: Type.Optional(Type.String({ minLength: 1, description: "code and device flow: the human who signs in; client_credentials: the machine user" })),
    scope: Type.Optional(Type.String({ minLength: 1 })),
    refreshToken: Type.Optional(Type.String({ minLength: 1 })),
    subjectToken: Type.Optional(Type.String({ minLength: 1 })),
    subjectTokenType: Type.Optional(
      Type.Union([Type.Literal("access_token"), Type.Literal("id_token"), Type.Literal("refresh_token"), Type.Literal("jwt")], {
        description: "urn:ietf:params:oauth:token-type:<this>; access_token when absent",
      }),
    ),
  },
  { additionalProperties: false },
);

const Headers = Type.Record(Type.String(), Type.String());
/** An answer of the emulator's own endpoint to a loopback request: status, headers, and the body (parsed when JSON). */
export const ExchangeResponse = Type.Object({ status: Type.Integer(), headers: Headers, body: Type.Unknown() });
export const FlowStep = Type.Object({
  name: Type.String({
    description:
      "code flow: authorize, login page, login, callback, token, userinfo; " +
      "device flow: device authorization, poll, verification, user code page, user code, login page, login, consent page, allow, token, userinfo",
  }),
  request: Type.Object({ method: Type.String(), url: Type.String(), headers: Headers, body: Type.Union([Type.String(), Type.Null()]) }),
  response: Type.Union([ExchangeResponse, Type.Null()], {
    description: "null for a step not sent (the redirect to the app's callback)",
  }),
  note: Type.Optional(Type.String({ description: "why a step was not sent, or why its refusal is expected (the device flow's first poll)" })),
});
export const FlowResult = Type.Object({
  flow: Type.String(),
  clientId: Type.String(),
  outcome: Type.Union([Type.Literal("ok"), Type.Literal("failed")]),
  failedStep: Type.Optional(Type.String()),
  steps: Type.Array(FlowStep),
  tokens: Type.Array(
    Type.Object({ kind: Type.Union([Type.Literal("access_token"), Type.Literal("id_token"), Type.Literal("refresh_token")]), value: Type.String() }),
  ),
});

export type ExchangeResponse = Static<typeof ExchangeResponse>;
export type FlowRequest = Static<typeof FlowRequest>;
export type FlowStep = Static<typeof FlowStep>;
export type FlowResult = Static<typeof FlowResult>;
