// SvcUserSchemas: JSON Schemas of user data per type.

import type { JsonObject } from "@bufbuild/protobuf";
import { changeUserSchema, createUserSchema, foundUserSchema, removeUserSchema, setUserSchemaState, userSchemaFromRow, type UserSchema, type UserSchemaRow } from "../../domain/userschema/user-schema.js";
import { SvcUserSchemas, UserSchemaState } from "../../gen/svc/resources/userschema/v3alpha/user_schema_service_pb.js";
import { pagedSearch } from "../../store/paged-search.js";
import { textCondition } from "../../store/text-filter.js";
import { actorOf } from "../actions/targets.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { defineService, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

const message = (s: UserSchema) => ({
  details: instanceResourceDetails(s.id, s.instanceId, s.sequence, s.changedAt),
  userSchema: { type: s.type, schema: s.schema as JsonObject, possibleAuthenticators: s.authenticators },
  state: s.state === "active" ? UserSchemaState.ACTIVE : UserSchemaState.INACTIVE,
  revision: s.revision,
});

export function userSchemasService(): ServiceDefinition {
  return defineService(SvcUserSchemas, "multitenancy_resources_api", {
    createUserSchema(req, call) {
      const u = req.userSchema!;
      const e = createUserSchema(call.core, actorOf(call), { type: u.type, schema: u.schema as Record<string, unknown>, authenticators: u.possibleAuthenticators });
      return { details: message(foundUserSchema(call.core, actorOf(call), e.aggregateId)).details };
    },
    patchUserSchema(req, call) {
      const u = req.userSchema!;
      changeUserSchema(call.core, actorOf(call), req.id, { type: u.type, schema: u.schema as Record<string, unknown> | undefined, authenticators: u.possibleAuthenticators.length ? u.possibleAuthenticators : undefined });
      return { details: message(foundUserSchema(call.core, actorOf(call), req.id)).details };
    },
    deleteUserSchema(req, call) {
      const s = foundUserSchema(call.core, actorOf(call), req.id);
      const e = removeUserSchema(call.core, actorOf(call), req.id);
      return { details: instanceResourceDetails(s.id, s.instanceId, e.aggregateSequence, e.createdAt) };
    },
    getUserSchema(req, call) {
      return { userSchema: message(foundUserSchema(call.core, actorOf(call), req.id)) };
    },
    searchUserSchemas(req, call) {
      const page = pageOf(req.query);
      const where = ["instance_id = ?"];
      const args: unknown[] = [call.instance.id];
      for (const f of req.filters) {
        if (f.filter.case === "type") where.push(textCondition("type", textMatch(f.filter.value.type, f.filter.value.method), args));
        if (f.filter.case === "state") (where.push("state = ?"), args.push(f.filter.value.state === UserSchemaState.ACTIVE ? "active" : "inactive"));
      }
      const { total, rows } = pagedSearch<UserSchemaRow>(call.core.db, "user_schemas", where, args, "created_at", page);
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map((r) => message(userSchemaFromRow(r))) };
    },
    deactivateUserSchema(req, call) {
      setUserSchemaState(call.core, actorOf(call), req.id, "inactive");
      return { details: message(foundUserSchema(call.core, actorOf(call), req.id)).details };
    },
    reactivateUserSchema(req, call) {
      setUserSchemaState(call.core, actorOf(call), req.id, "active");
      return { details: message(foundUserSchema(call.core, actorOf(call), req.id)).details };
    },
  });
}
