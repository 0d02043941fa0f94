// The whole schema: every owner's steps (store/schema.ts, domain/<aggregate>/schema.ts, and records/
// for the rows written outside the event path) in the order they run within a version. The order
// across owners only matters inside one version (a step that reads another owner's table must come
// after it); within one owner the steps keep their versions.

import type { Database } from "../store/database.js";
import { migrate as runSteps, type SchemaStep, versionsOf } from "../store/migrations.js";
import { outboxTables } from "../records/outbox.js";
import { sinkTables } from "../records/sinks.js";
import { targetCallTables } from "../records/target-calls.js";
import { storeSchema } from "../store/schema.js";
import { appSchema } from "./app/schema.js";
import { authRequestSchema } from "./auth-request/schema.js";
import { deviceAuthorizationSchema } from "./device-authorization/schema.js";
import { executionSchema } from "./execution/schema.js";
import { idpSchema } from "./idp/schema.js";
import { instanceSchema } from "./instance/schema.js";
import { loginSessionSchema } from "./login-session/schema.js";
import { membershipSchema } from "./membership/schema.js";
import { orgSchema } from "./org/schema.js";
import { projectSchema } from "./project/schema.js";
import { providerSchema } from "./provider/schema.js";
import { settingsSchema } from "./settings/schema.js";
import { signingKeySchema } from "./signing-key/schema.js";
import { targetSchema } from "./target/schema.js";
import { tokenSchema } from "./token/schema.js";
import { userSchema } from "./user/schema.js";
import { userGrantSchema } from "./user-grant/schema.js";
import { userschemaSchema } from "./userschema/schema.js";

export const schema: readonly SchemaStep[] = [
  ...storeSchema,
  ...instanceSchema,
  ...orgSchema,
  ...userSchema,
  ...membershipSchema,
  ...targetSchema,
  ...targetCallTables,
  ...sinkTables,
  ...executionSchema,
  ...projectSchema,
  ...appSchema,
  ...userGrantSchema,
  ...signingKeySchema,
  ...authRequestSchema,
  ...loginSessionSchema,
  ...tokenSchema,
  ...settingsSchema,
  ...idpSchema,
  ...providerSchema,
  ...outboxTables,
  ...userschemaSchema,
  ...deviceAuthorizationSchema,
];

/** The version a fully migrated database has (its user_version). */
export const schemaVersion = versionsOf(schema).length;

/** Migrates the emulator's database to the current schema. */
export function migrate(db: Database): void {
  runSteps(db, schema);
}
