// The types of a contract route (routes.ts) by id, for the generated client: its path parameters, query,
// body and the answer of success (its 2xx response schemas). Types only.

import type { Static, TSchema } from "@sinclair/typebox";
import type { ControlRouteId, ControlRoutes } from "./routes.js";

type Schema<Id extends ControlRouteId> = ControlRoutes[Id]["schema"];
type Part<Id extends ControlRouteId, K extends string> = Schema<Id> extends { readonly [P in K]: infer T extends TSchema } ? Static<T> : undefined;
type Success = 200 | 201 | 202 | 204;

export type ParamsOf<Id extends ControlRouteId> = Part<Id, "params">;
export type QueryOf<Id extends ControlRouteId> = Part<Id, "querystring">;
export type BodyOf<Id extends ControlRouteId> = Part<Id, "body">;
/** What the route answers on success: one of its 2xx schemas (unknown when it declares none). */
export type AnswerOf<Id extends ControlRouteId> =
  Schema<Id> extends { readonly response: infer R }
    ? { [C in keyof R & Success]: R[C] extends TSchema ? Static<R[C]> : never }[keyof R & Success] extends infer A
      ? [A] extends [never]
        ? unknown
        : A
      : never
    : unknown;
