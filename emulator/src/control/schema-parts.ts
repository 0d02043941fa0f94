// Pieces every control API schema module builds with.

import { Type, type TSchema } from "@sinclair/typebox";

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Time = Type.String({ format: "date-time" });
export const Id = Type.String({ minLength: 1 });
/**
 * One of fixed strings, as a JSON Schema `enum`: a wrong value is refused with one message ("must be
 * equal to one of the allowed values"), not one per member. TypeBox's Value functions do not know it
 * (an unsafe schema): use it for requests, which ajv checks, not for answers that tests check with Value.
 */
export const StringEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });
