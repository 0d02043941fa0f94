// Pieces every control API schema module builds with.

import { Type, type TSchema } from "@sinclair/typebox";

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Time = Type.String({ format: "date-time" });
export const Id = Type.String({ minLength: 1 });
