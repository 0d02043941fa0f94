// The types of a contract route (routes.ts) by id, for the generated client: its path parameters, query,
// body, the answer of success (its 2xx response schemas) and of a refusal (its 4xx ones). Types only.

import type { Static, TSchema } from "@sinclair/typebox";
import type { ControlRouteId, ControlRoutes } from "./routes.js";
import type { ControlError } from "./schemas.js";

type Schema<Id extends ControlRouteId> = ControlRoutes[Id]["schema"];
type Part<Id extends ControlRouteId, K extends string> = Schema<Id> extends { readonly [P in K]: infer T extends TSchema } ? Static<T> : undefined;
type Success = 200 | 201 | 202 | 204;
type Refusal = 400 | 401 | 403 | 404 | 409;
type Declared<Id extends ControlRouteId, Codes extends number> =
  Schema<Id> extends { readonly response: infer R } ? { [C in keyof R & Codes]: R[C] extends TSchema ? Static<R[C]> : never }[keyof R & Codes] : never;

export type ParamsOf<Id extends ControlRouteId> = Part<Id, "params">;
export type QueryOf<Id extends ControlRouteId> = Part<Id, "querystring">;
export type BodyOf<Id extends ControlRouteId> = Part<Id, "body">;
/** What the route answers on success: one of its 2xx schemas (unknown when it declares none). */
export type AnswerOf<Id extends ControlRouteId> = [Declared<Id, Success>] extends [never] ? unknown : Declared<Id, Success>;
/** What it answers when it refuses: one of its 4xx schemas; {code, message} when it declares none (401 is always possible). */
export type ErrorOf<Id extends ControlRouteId> = [Declared<Id, Refusal>] extends [never] ? ControlError : Declared<Id, Refusal>;
