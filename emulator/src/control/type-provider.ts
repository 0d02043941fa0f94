// Route types from the TypeBox schemas (schemas.ts): a route's params, query and body have the
// types its schemas validate, and what it answers must fit its response schemas. Types only; the
// wire is validated by the lazy Ajv compiler (server/lazy-validator.ts).

import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { Static, TSchema } from "@sinclair/typebox";

export interface TypeBoxProvider extends FastifyTypeProvider {
  readonly validator: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
  readonly serializer: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
}

/** The fastify instance the control routes are registered on. */
export type ControlApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxProvider>;
