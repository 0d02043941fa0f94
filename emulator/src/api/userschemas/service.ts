// SvcUserSchemas: JSON Schemas of user data per type.

import type { JsonObject } from "@bufbuild/protobuf";
import { changeUserSchema, createUserSchema, foundUserSchema, removeUserSchema, setUserSchemaState } from "../../domain/userschema/commands.js";
import { searchUserSchemas, type UserSchemaFilter } from "../../domain/userschema/queries.js";
import type { UserSchema } from "../../domain/userschema/user-schema.js";
import { SvcUserSchemas, UserSchemaState } from "../../gen/svc/resources/userschema/v3alpha/user_schema_service_pb.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { actorOf, defineService, type ServiceDefinition } from "../rpc.js";
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
      const e = createUserSchema(call.core, actorOf(call), {
        type: u.type,
        schema: u.schema as Record<string, unknown>,
        authenticators: u.possibleAuthenticators,
      });
      return { details: message(foundUserSchema(call.core, actorOf(call), e.aggregateId)).details };
    },
    patchUserSchema(req, call) {
      const u = req.userSchema!;
      changeUserSchema(call.core, actorOf(call), req.id, {
        type: u.type,
        schema: u.schema as Record<string, unknown> | undefined,
        authenticators: u.possibleAuthenticators.length ? u.possibleAuthenticators : undefined,
      });
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
      const filters = req.filters.flatMap((f): UserSchemaFilter[] => {
        if (f.filter.case === "type") return [{ type: textMatch(f.filter.value.type, f.filter.value.method) }];
        if (f.filter.case === "state") return [{ state: f.filter.value.state === UserSchemaState.ACTIVE ? "active" : "inactive" }];
        return [];
      });
      const { total, schemas } = searchUserSchemas(call.core.db, call.instance.id, filters, page);
      return { details: listDetails(call.core, call.instance.id, page, total, schemas.length), result: schemas.map(message) };
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
