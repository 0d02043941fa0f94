// User schemas (SvcUserSchemas): a JSON Schema of user data per user type, unique in the instance,
// with the authenticators allowed; a changed schema raises the revision. The model and its row
// mapping; events in events.ts, changes in commands.ts, reads in queries.ts.

export interface UserSchema {
  id: string;
  instanceId: string;
  type: string;
  schema: Record<string, unknown>;
  authenticators: number[];
  state: "active" | "inactive";
  revision: number;
  changedAt: string;
  sequence: number;
}

export interface UserSchemaRow {
  id: string;
  instance_id: string;
  type: string;
  schema: string;
  authenticators: string;
  state: "active" | "inactive";
  revision: number;
  changed_at: string;
  sequence: number;
}

export const userSchemaFromRow = (r: UserSchemaRow): UserSchema => ({
  id: r.id,
  instanceId: r.instance_id,
  type: r.type,
  schema: JSON.parse(r.schema) as Record<string, unknown>,
  authenticators: JSON.parse(r.authenticators) as number[],
  state: r.state,
  revision: r.revision,
  changedAt: r.changed_at,
  sequence: r.sequence,
});
