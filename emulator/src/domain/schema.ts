// The whole schema: every owner's steps (store/tables.ts and store/emulator-meta.ts,
// domain/<aggregate>/tables.ts, and records/ for the rows written outside the event path) in the
// order they run within a version. The order
// across owners only matters inside one version (a step that reads another owner's table must come
// after it); within one owner the steps keep their versions.

import type { Database } from "../store/database.js";
import { migrate as runSteps, type SchemaStep, versionsOf } from "../store/migrations.js";
import { outboxTables } from "../records/outbox.js";
import { sinkTables } from "../records/sinks.js";
import { targetCallTables } from "../records/target-calls.js";
import { storeTables } from "../store/tables.js";
import { emulatorMetaTables } from "../store/emulator-meta.js";
import { appTables } from "./app/tables.js";
import { authRequestTables } from "./auth-request/tables.js";
import { deviceAuthorizationTables } from "./device-authorization/tables.js";
import { executionTables } from "./execution/tables.js";
import { idpTables } from "./idp/tables.js";
import { instanceTables } from "./instance/tables.js";
import { loginSessionTables } from "./login-session/tables.js";
import { membershipTables } from "./membership/tables.js";
import { orgTables } from "./org/tables.js";
import { projectTables } from "./project/tables.js";
import { providerTables } from "./provider/tables.js";
import { settingsTables } from "./settings/tables.js";
import { signingKeyTables } from "./signing-key/tables.js";
import { targetTables } from "./target/tables.js";
import { tokenTables } from "./token/tables.js";
import { userTables } from "./user/tables.js";
import { userGrantTables } from "./user-grant/tables.js";
import { userschemaTables } from "./userschema/tables.js";

export const schema: readonly SchemaStep[] = [
  ...storeTables,
  ...emulatorMetaTables,
  ...instanceTables,
  ...orgTables,
  ...userTables,
  ...membershipTables,
  ...targetTables,
  ...targetCallTables,
  ...sinkTables,
  ...executionTables,
  ...projectTables,
  ...appTables,
  ...userGrantTables,
  ...signingKeyTables,
  ...authRequestTables,
  ...loginSessionTables,
  ...tokenTables,
  ...settingsTables,
  ...idpTables,
  ...providerTables,
  ...outboxTables,
  ...userschemaTables,
  ...deviceAuthorizationTables,
];

/** The version a fully migrated database has (its user_version). */
export const schemaVersion = versionsOf(schema).length;

/** Migrates the emulator's database to the current schema. */
export function migrate(db: Database): void {
  runSteps(db, schema);
}
