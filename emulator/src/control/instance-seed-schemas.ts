// Requests and answers of the per-instance seeding routes (issue 26; instance-seed-routes.ts).

import { Type } from "@sinclair/typebox";
import { SNAPSHOT_NAME } from "../store/snapshots.js";
import { Id } from "./schema-parts.js";

/** A fixture file (JSON, or "default") or an org export document (`{orgs: [...]}`), checked by the seed itself. */
export const Seed = Type.Union([
  Type.Object({ fixtures: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ document: Type.Unknown() }, { additionalProperties: false }),
]);

export const NewInstanceBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    domain: Type.Optional(Type.String({ maxLength: 253 })),
    seed: Type.Optional(Seed),
  },
  { additionalProperties: false },
);

export const SeededInstance = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domains: Type.Array(Type.String()),
  issuer: Type.String(),
  adminPat: Type.String(),
});

export const InstanceSnapshotParams = Type.Object({ id: Id, name: Type.String({ pattern: SNAPSHOT_NAME.source }) });
