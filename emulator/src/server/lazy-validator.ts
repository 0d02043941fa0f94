// Route schemas (control API, TypeBox) compiled on a route's first request instead of when fastify
// gets ready: compiling them all up front was a sixth of the emulator's start-up. Fastify's Ajv
// options (defaults, formats), with type coercion for query strings and path parameters only: a
// JSON body must carry the right types ({"name": 7} is not the name "7").

import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

function newAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ coerceTypes: coerce ? "array" : false, useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  return ajv;
}

/** A compiler per HTTP app (its Ajv instances are made on first use), so emulators share no state. */
export function lazyValidatorCompiler(): FastifySchemaCompiler<object> {
  const compilers: { coercing?: Ajv; strict?: Ajv } = {};
  const compiler = (coerce: boolean): Ajv => (coerce ? (compilers.coercing ??= newAjv(true)) : (compilers.strict ??= newAjv(false)));
  return ({ schema, httpPart }) => {
    let validate: ValidateFunction | undefined;
    const check = ((data: unknown) => {
      validate ??= compiler(httpPart !== "body").compile(schema);
      const ok = validate(data);
      check.errors = validate.errors ?? null;
      return ok;
    }) as ((data: unknown) => boolean) & { errors: ValidateFunction["errors"] };
    return check;
  };
}
