// The console's user routes (users/{id}/…): state changes and metadata, which the resource API's
// SvcUsers has no rpc for. Part of schemas.ts's API.

import { Type, type Static } from "@sinclair/typebox";

export const UserStateParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  change: Type.Union([Type.Literal("_lock"), Type.Literal("_unlock"), Type.Literal("_deactivate"), Type.Literal("_reactivate")]),
});
export const UserStateResult = Type.Object({
  id: Type.String(),
  state: Type.Union([Type.Literal("active"), Type.Literal("locked"), Type.Literal("inactive")]),
});

export const MetadataEntry = Type.Object({ key: Type.String(), value: Type.String() });
export const MetadataList = Type.Object({ metadata: Type.Array(MetadataEntry, { description: "sorted by key" }) });
export const MetadataParams = Type.Object({ id: Type.String({ minLength: 1 }), key: Type.String({ minLength: 1, maxLength: 200 }) });
export const MetadataBody = Type.Object({ value: Type.String({ maxLength: 500000 }) }, { additionalProperties: false });

export type UserStateResult = Static<typeof UserStateResult>;
export type MetadataEntry = Static<typeof MetadataEntry>;
export type MetadataList = Static<typeof MetadataList>;
