// Route schemas (control API, TypeBox) compiled on a route's first request instead of when fastify
// gets ready: compiling them all up front was a sixth of the emulator's start-up. Same Ajv options
// as fastify's own compiler (coercion of query strings, defaults, formats), unknown fields refused.

import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

let ajv: Ajv | undefined;

function compiler(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ coerceTypes: "array", useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
    (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  }
  return ajv;
}

export const lazyValidatorCompiler: FastifySchemaCompiler<object> = ({ schema }) => {
  let validate: ValidateFunction | undefined;
  const check = ((data: unknown) => {
    validate ??= compiler().compile(schema);
    const ok = validate(data);
    check.errors = validate.errors ?? null;
    return ok;
  }) as ((data: unknown) => boolean) & { errors: ValidateFunction["errors"] };
  return check;
};
