// The control API's schemas for org documents (issue 12): validate, import, diff and jobs. Part of
// schemas.ts (which re-exports this module), kept apart for size; same rules: TypeBox, lowerCamel.

import { Type, type Static } from "@sinclair/typebox";
import { StringEnum, Time } from "./schema-parts.js";

// -- org import (issue 12) --------------------------------------------------------------------

/** A document to validate or import: proto3 JSON of ImportDataOrg ({ orgs: DataOrg[] }), checked by the engine. */
export const ImportBody = Type.Object(
  { instanceId: Type.Optional(Type.String({ description: "the default instance when left out" })), document: Type.Unknown() },
  { additionalProperties: false },
);
export const ImportQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ description: "try everything, write nothing" })),
    bestEffort: Type.Optional(Type.Boolean({ description: "the product's behaviour: failed items are reported, the rest is kept" })),
  },
  { additionalProperties: false },
);
export const ImportErrorSchema = Type.Object({ type: Type.String(), id: Type.String(), message: Type.String(), path: Type.String() });
const Ids = Type.Array(Type.String());
export const ImportResult = Type.Object({
  errors: Type.Array(ImportErrorSchema),
  success: Type.Object({
    orgs: Type.Array(
      Type.Object({
        orgId: Type.String(),
        projectIds: Ids,
        projectRoles: Ids,
        oidcAppIds: Ids,
        apiAppIds: Ids,
        humanUserIds: Ids,
        machineUserIds: Ids,
        projectGrants: Type.Array(Type.Object({ grantId: Type.String(), projectId: Type.String(), orgId: Type.String() })),
        userGrants: Type.Array(Type.Object({ projectId: Type.String(), userId: Type.String() })),
        orgMembers: Ids,
        projectMembers: Type.Array(Type.Object({ projectId: Type.String(), userId: Type.String() })),
        projectGrantMembers: Type.Array(Type.Object({ projectId: Type.String(), grantId: Type.String(), userId: Type.String() })),
        userMetadata: Type.Array(Type.Object({ userId: Type.String(), key: Type.String() })),
        domains: Ids,
        appKeys: Ids,
        machineKeys: Ids,
      }),
    ),
  }),
});
/** The validation answer: every error with its path; nothing is written. */
export const ValidateResult = Type.Object({ valid: Type.Boolean(), errors: Type.Array(ImportErrorSchema) });
const Counts = Type.Record(Type.String(), Type.Integer());
/** What a document holds (the CLI's `inspect`): per org the counts per list, secrets, what is not carried over; then the validation errors. */
export const InspectResult = Type.Object({
  orgs: Type.Array(
    Type.Object({
      orgId: Type.String(),
      name: Type.String(),
      counts: Counts,
      secrets: Type.Record(Type.String(), Type.Integer(), { description: "hashedPassword:<algorithm>, password, otpCode, oidcIdps.clientSecret" }),
      notCarried: Type.Record(Type.String(), Type.Integer(), { description: "fields the import accepts and skips, with how many items" }),
    }),
  ),
  valid: Type.Boolean(),
  errors: Type.Array(ImportErrorSchema),
});

// -- diff -------------------------------------------------------------------------------------

const KindDiff = Type.Object({
  create: Type.Array(Type.String(), { description: "ids (the import's error ids) the instance does not have" }),
  unchanged: Type.Array(Type.String(), { description: "ids the instance has with the same content" }),
  conflicts: Type.Array(
    Type.Object(
      { id: Type.String(), file: Type.Unknown(), instance: Type.Unknown() },
      { description: "the item of the file and of the instance, side by side" },
    ),
  ),
  nameTaken: Type.Array(
    Type.Object(
      {
        id: Type.String(),
        field: Type.String({ description: "where the name is in the item, e.g. user.userName" }),
        value: Type.String(),
        takenBy: Type.Object({ orgId: Type.String(), id: Type.String() }, { description: "the object of the instance that has the name" }),
      },
      { description: "items of the file whose name another object of the instance has" },
    ),
  ),
  instanceOnly: Type.Array(Type.String(), { description: "ids of the items the instance's org has and the file does not" }),
});
export const OrgDiff = Type.Object({
  orgId: Type.String(),
  status: Type.Union([Type.Literal("create"), Type.Literal("conflict"), Type.Literal("unchanged")]),
  kinds: Type.Record(Type.String(), KindDiff, { description: "org and each list of a DataOrg the import carries" }),
});
/** The diff of a document against an instance: validation errors (then no orgs), else per org and kind. Nothing is written. */
export const DiffResult = Type.Object({ errors: Type.Array(ImportErrorSchema), orgs: Type.Array(OrgDiff) });

// -- jobs -------------------------------------------------------------------------------------

const ImportJobBody = Type.Object(
  {
    kind: Type.Literal("import"),
    instanceId: Type.Optional(Type.String({ description: "the default instance when left out" })),
    document: Type.Unknown(),
    dryRun: Type.Optional(Type.Boolean()),
    bestEffort: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const ExportJobBody = Type.Object(
  {
    kind: Type.Literal("export"),
    instanceId: Type.Optional(Type.String({ description: "the default instance when left out" })),
    orgIds: Type.Optional(Type.Array(Type.String(), { description: "empty or left out: every org" })),
    excludedOrgIds: Type.Optional(Type.Array(Type.String())),
    withPasswords: Type.Optional(Type.Boolean()),
    withOtp: Type.Optional(Type.Boolean({ description: "the admin rpc's option; the emulator keeps no OTP secrets, so there is nothing to add" })),
  },
  { additionalProperties: false },
);
/**
 * Either body, chosen by `kind` (if/then/else rather than a union, so a wrong body is refused with
 * the error of its own kind instead of the errors of both).
 */
export const JobBody = Type.Unsafe<Static<typeof ImportJobBody> | Static<typeof ExportJobBody>>({
  type: "object",
  required: ["kind"],
  if: { properties: { kind: { const: "import" } } },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
  then: ImportJobBody,
  else: {
    if: { properties: { kind: { const: "export" } } },
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
    then: ExportJobBody,
    else: { properties: { kind: { enum: ["import", "export"] } } },
  },
});
const JOB_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;
export const JobState = Type.Union(JOB_STATES.map((s) => Type.Literal(s)));
export const Job = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal("import"), Type.Literal("export")]),
  instanceId: Type.String({ description: "the instance it imports into or exports from" }),
  state: JobState,
  createdAt: Time,
  finishedAt: Type.Optional(Time),
  counters: Type.Record(Type.String(), Type.Object({ done: Type.Integer(), total: Type.Integer() })),
  report: Type.Optional(Type.Unknown({ description: "import: the ImportResult; export: the document {orgs: DataOrg[]}" })),
  error: Type.Optional(Type.Object({ code: Type.Integer(), message: Type.String() })),
});
export const JobStarted = Type.Object({ id: Type.String() });
/** GET /jobs: the jobs kept, newest first, each without its report (read one job for that). */
export const JobList = Type.Object({ jobs: Type.Array(Type.Omit(Job, ["report"])) });
export const JobListQuery = Type.Object(
  {
    instanceId: Type.Optional(Type.String({ description: "only the jobs of this instance" })),
    // An enum rather than JobState's union of literals: a wrong state is refused with one message, not one per state.
    state: Type.Optional(Type.Array(StringEnum(JOB_STATES), { description: "only jobs in these states (repeat the parameter: state=queued&state=running)" })),
  },
  { additionalProperties: false },
);
/** The data of a `progress` server-sent event; `done`, `failed` and `cancelled` events carry the Job. */
export const JobProgress = Type.Object({ kind: Type.String(), done: Type.Integer(), total: Type.Integer() });

export type JobBody = Static<typeof JobBody>;
export type Job = Static<typeof Job>;
export type JobSummary = Static<typeof JobList>["jobs"][number];
export type OrgDiff = Static<typeof OrgDiff>;
export type DiffResult = Static<typeof DiffResult>;
export type ImportResult = Static<typeof ImportResult>;
export type InspectResult = Static<typeof InspectResult>;
export type ImportError = Static<typeof ImportErrorSchema>;
