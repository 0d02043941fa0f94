// SvcUserSchemas on REST, gRPC and gRPC-web: JSON Schemas per user type, validated as JSON Schemas,
// unique per type, revisions on change, deactivate and reactivate, search, delete.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcUserSchemas } from "../../emulator/src/gen/svc/resources/userschema/v3alpha/user_schema_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { pat, transports, reset } = await setUpResourceTest();
const schemas = transports({
  service: SvcUserSchemas,
  protoFile: "svc/resources/userschema/v3alpha/user_schema_service.proto",
  routes: {
    CreateUserSchema: { verb: "POST", path: `${B}/user_schemas`, body: "user_schema" },
    PatchUserSchema: { verb: "PATCH", path: `${B}/user_schemas/{id}`, body: "user_schema" },
    DeleteUserSchema: { verb: "DELETE", path: `${B}/user_schemas/{id}` },
    GetUserSchema: { verb: "GET", path: `${B}/user_schemas/{id}` },
    SearchUserSchemas: { verb: "POST", path: `${B}/user_schemas/_search`, body: "filters" },
    DeactivateUserSchema: { verb: "POST", path: `${B}/user_schemas/{id}/_deactivate` },
    ReactivateUserSchema: { verb: "POST", path: `${B}/user_schemas/{id}/_reactivate` },
  },
});
const SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
};

for (const t of schemas.all) {
  describe(`user schemas over ${t.name}`, () => {
    before(async () => reset());

    it("creates, revises, deactivates, finds and deletes a schema", async () => {
      const id = (
        ok(
          await t.call(
            "CreateUserSchema",
            { userSchema: { type: "employee", schema: SCHEMA, possibleAuthenticators: ["AUTHENTICATOR_TYPE_USERNAME", "AUTHENTICATOR_TYPE_PASSWORD"] } },
            pat,
          ),
          201,
        ).details as { id: string }
      ).id;
      const got = ok(await t.call("GetUserSchema", { id }, pat)).userSchema as Record<string, unknown>;
      assert.deepEqual(got.userSchema, {
        type: "employee",
        schema: SCHEMA,
        possibleAuthenticators: ["AUTHENTICATOR_TYPE_USERNAME", "AUTHENTICATOR_TYPE_PASSWORD"],
      });
      assert.deepEqual([got.state, got.revision], ["USER_SCHEMA_STATE_ACTIVE", 1]);
      ok(await t.call("PatchUserSchema", { id, userSchema: { schema: { ...SCHEMA, required: ["name", "age"] } } }, pat));
      assert.equal((ok(await t.call("GetUserSchema", { id }, pat)).userSchema as { revision: number }).revision, 2);
      ok(await t.call("DeactivateUserSchema", { id }, pat));
      fails(await t.call("DeactivateUserSchema", { id }, pat), 9, 400, /already inactive/);
      const inactive = ok(await t.call("SearchUserSchemas", { filters: [{ state: { state: "USER_SCHEMA_STATE_INACTIVE" } }] } as never, pat));
      assert.deepEqual(
        ((inactive.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      ok(await t.call("ReactivateUserSchema", { id }, pat));
      ok(await t.call("DeleteUserSchema", { id }, pat));
      fails(await t.call("GetUserSchema", { id }, pat), 5, 404, /User schema not found/);
    });

    it("refuses invalid JSON Schemas, non-object schemas and a type in use", async () => {
      fails(
        await t.call("CreateUserSchema", { userSchema: { type: "bad", schema: { type: "nonsense" } } }, pat),
        3,
        400,
        /not a valid JSON Schema/,
        "USER_SCHEMA-invalid",
      );
      fails(await t.call("CreateUserSchema", { userSchema: { type: "bad", schema: { type: "string" } } }, pat), 3, 400, /must describe an object/);
      ok(await t.call("CreateUserSchema", { userSchema: { type: "customer", schema: SCHEMA } }, pat));
      fails(await t.call("CreateUserSchema", { userSchema: { type: "customer", schema: SCHEMA } }, pat), 6, 409, /already exists/, "USER_SCHEMA-type-taken");
      fails(await t.call("CreateUserSchema", { userSchema: { type: "x" } }, pat), 3, 400, /user_schema\.schema: value is required/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => schemas.close());
});
