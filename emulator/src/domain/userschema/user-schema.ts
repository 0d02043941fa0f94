// User schemas (SvcUserSchemas): a JSON Schema of user data per user type, unique in the instance,
// with the authenticators allowed; a changed schema raises the revision. The schema must itself be
// a valid JSON Schema (checked with Ajv) describing an object.

import { Ajv } from "ajv";
import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";

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

export function registerUserSchemaProjection(p: Projections): void {
  const touch = (db: Database, id: string, at: string, seq: number) => db.stmt("UPDATE user_schemas SET changed_at = ?, sequence = ? WHERE id = ?").run(at, seq, id);
  p.register(["user_schemas"], {
    "user_schema.added": (db, e) => {
      db.stmt("INSERT INTO user_schemas (id, instance_id, type, schema, authenticators, state, revision, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, 'active', 1, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.type,
        JSON.stringify(e.payload.schema),
        JSON.stringify(e.payload.authenticators),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "user_schema.changed": (db, e) => {
      const x = e.payload as { type?: string; schema?: object; authenticators?: number[] };
      db.stmt("UPDATE user_schemas SET type = COALESCE(?, type), schema = COALESCE(?, schema), authenticators = COALESCE(?, authenticators), revision = revision + ? WHERE id = ?").run(
        x.type ?? null,
        x.schema ? JSON.stringify(x.schema) : null,
        x.authenticators ? JSON.stringify(x.authenticators) : null,
        x.schema ? 1 : 0,
        e.aggregateId,
      );
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "user_schema.state.set": (db, e) => {
      db.stmt("UPDATE user_schemas SET state = ? WHERE id = ?").run(e.payload.state, e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "user_schema.removed": (db, e) => {
      db.stmt("DELETE FROM user_schemas WHERE id = ?").run(e.aggregateId);
    },
  });
}

let ajv: Ajv | undefined;

function checkSchema(schema: Record<string, unknown>): void {
  ajv ??= new Ajv({ strict: false });
  if (!ajv.validateSchema(schema)) throw invalidArgument("USER_SCHEMA-invalid", `schema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
  if (schema.type !== undefined && schema.type !== "object") throw invalidArgument("USER_SCHEMA-invalid", "schema must describe an object (type: object)");
}

export function foundUserSchema(core: Core, actor: Actor, id: string): UserSchema {
  const r = core.db.stmt("SELECT * FROM user_schemas WHERE instance_id = ? AND id = ?").get(actor.instanceId, id) as UserSchemaRow | undefined;
  if (!r) throw notFound("USER_SCHEMA-not-found", "User schema not found");
  return userSchemaFromRow(r);
}

function checkTypeFree(core: Core, actor: Actor, type: string, except?: string): void {
  const other = core.db.stmt("SELECT id FROM user_schemas WHERE instance_id = ? AND type = ?").get(actor.instanceId, type) as { id: string } | undefined;
  if (other && other.id !== except) throw alreadyExists("USER_SCHEMA-type-taken", `A user schema of type ${JSON.stringify(type)} already exists`);
}

const event = (actor: Actor, id: string, type: string, payload: Record<string, unknown>) => ({ instanceId: actor.instanceId, aggregateType: "user_schema", aggregateId: id, type, payload, creator: actor.userId, resourceOwner: actor.instanceId });

export function createUserSchema(core: Core, actor: Actor, input: { type: string; schema: Record<string, unknown>; authenticators: number[] }): StoredEvent {
  checkSchema(input.schema);
  const [added] = core.events.command(() => {
    checkTypeFree(core, actor, input.type);
    return [event(actor, core.ids.next(), "user_schema.added", { ...input, authenticators: [...new Set(input.authenticators)] })];
  });
  return added!;
}

export function changeUserSchema(core: Core, actor: Actor, id: string, patch: { type?: string; schema?: Record<string, unknown>; authenticators?: number[] }): StoredEvent | undefined {
  if (patch.schema) checkSchema(patch.schema);
  const [changed] = core.events.command(() => {
    const s = foundUserSchema(core, actor, id);
    const diff: Record<string, unknown> = {};
    if (patch.type !== undefined && patch.type !== s.type) (checkTypeFree(core, actor, patch.type, id), (diff.type = patch.type));
    if (patch.schema && JSON.stringify(patch.schema) !== JSON.stringify(s.schema)) diff.schema = patch.schema;
    if (patch.authenticators && JSON.stringify(patch.authenticators) !== JSON.stringify(s.authenticators)) diff.authenticators = patch.authenticators;
    return Object.keys(diff).length ? [event(actor, id, "user_schema.changed", diff)] : [];
  });
  return changed;
}

export function setUserSchemaState(core: Core, actor: Actor, id: string, state: "active" | "inactive"): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const s = foundUserSchema(core, actor, id);
    if (s.state === state) throw failedPrecondition("USER_SCHEMA-state", `The user schema is already ${state}`);
    return [event(actor, id, "user_schema.state.set", { state })];
  });
  return set;
}

export function removeUserSchema(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => [event(actor, foundUserSchema(core, actor, id).id, "user_schema.removed", {})]);
  return removed!;
}
