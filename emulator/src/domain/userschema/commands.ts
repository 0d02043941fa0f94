// User schema commands of SvcUserSchemas: the schema must itself be a valid JSON Schema (checked
// with Ajv) describing an object, and its type unique in the instance. A given id (seed, import) is
// kept.

import { Ajv } from "ajv";
import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { UserSchemaAdded, UserSchemaChanged, UserSchemaRemoved, UserSchemaStateSet } from "./events.js";
import { getUserSchema, userSchemaIdOfType } from "./queries.js";
import type { UserSchema } from "./user-schema.js";

let ajv: Ajv | undefined;

function checkSchema(schema: Record<string, unknown>): void {
  ajv ??= new Ajv({ strict: false });
  if (!ajv.validateSchema(schema)) throw invalidArgument("USER_SCHEMA-invalid", `schema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`);
  if (schema.type !== undefined && schema.type !== "object") throw invalidArgument("USER_SCHEMA-invalid", "schema must describe an object (type: object)");
}

export function foundUserSchema(core: Core, actor: Actor, id: string): UserSchema {
  const s = getUserSchema(core.db, actor.instanceId, id);
  if (!s) throw notFound("USER_SCHEMA-not-found", "User schema not found");
  return s;
}

function checkTypeFree(core: Core, actor: Actor, type: string, except?: string): void {
  const other = userSchemaIdOfType(core.db, actor.instanceId, type);
  if (other && other !== except) throw alreadyExists("USER_SCHEMA-type-taken", `A user schema of type ${JSON.stringify(type)} already exists`);
}

export function createUserSchema(
  core: Core,
  actor: Actor,
  input: { type: string; schema: Record<string, unknown>; authenticators: number[] },
  opts: GivenId = {},
): StoredEvent {
  checkSchema(input.schema);
  const [added] = core.events.command(() => {
    checkTypeFree(core, actor, input.type);
    return [UserSchemaAdded.event(actor, opts.id ?? core.ids.next(), actor.instanceId, { ...input, authenticators: [...new Set(input.authenticators)] })];
  });
  return added!;
}

export function changeUserSchema(
  core: Core,
  actor: Actor,
  id: string,
  patch: { type?: string; schema?: Record<string, unknown>; authenticators?: number[] },
): StoredEvent | undefined {
  if (patch.schema) checkSchema(patch.schema);
  const [changed] = core.events.command(() => {
    const s = foundUserSchema(core, actor, id);
    const diff: { type?: string; schema?: Record<string, unknown>; authenticators?: number[] } = {};
    if (patch.type !== undefined && patch.type !== s.type) checkTypeFree(core, actor, patch.type, id), (diff.type = patch.type);
    if (patch.schema && JSON.stringify(patch.schema) !== JSON.stringify(s.schema)) diff.schema = patch.schema;
    if (patch.authenticators && JSON.stringify(patch.authenticators) !== JSON.stringify(s.authenticators)) diff.authenticators = patch.authenticators;
    return Object.keys(diff).length ? [UserSchemaChanged.event(actor, id, actor.instanceId, diff)] : [];
  });
  return changed;
}

export function setUserSchemaState(core: Core, actor: Actor, id: string, state: "active" | "inactive"): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const s = foundUserSchema(core, actor, id);
    if (s.state === state) throw failedPrecondition("USER_SCHEMA-state", `The user schema is already ${state}`);
    return [UserSchemaStateSet.event(actor, id, actor.instanceId, { state })];
  });
  return set;
}

export function removeUserSchema(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => [UserSchemaRemoved.event(actor, foundUserSchema(core, actor, id).id, actor.instanceId, {})]);
  return removed!;
}
