// The HTTP/JSON request of an rpc as its request message, by the rpc's google.api.http rule: path
// variables and query parameters name fields (e.g. `id`, `query.limit`, `sorting_column`), and the
// body maps to the one named field (e.g. `filters`, `target`). JSON is proto3 JSON: snake_case and
// lowerCamel names, enums by name or number; unknown fields are discarded, as the product does.

import { fromJson, getOption, hasOption, type DescField, type DescMessage, type JsonObject, type JsonValue, type Message } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import { invalidArgument } from "../kernel/errors.js";
import { json_string_allowed } from "../gen/svc/protoc_gen_svc/v2/options_pb.js";

const badRequest = (text: string) => invalidArgument("REST-invalid-request", text);

function fieldNamed(desc: DescMessage, name: string): DescField | undefined {
  return desc.fields.find((f) => f.name === name || f.jsonName === name);
}

function scalarFromText(field: DescField, text: string, key: string): JsonValue {
  const bad = () => badRequest(`invalid value ${JSON.stringify(text)} for query parameter ${key}`);
  const kind = field.fieldKind === "list" ? field.listKind : field.fieldKind;
  if (kind === "enum") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (kind === "message") return text;
  const scalar = field.scalar!;
  switch (scalar) {
    case ScalarType.BOOL:
      if (text === "true" || text === "1") return true;
      if (text === "false" || text === "0") return false;
      throw bad();
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return text;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      if (!/^-?\d+$/.test(text)) throw bad();
      return text;
    default: {
      const n = Number(text);
      if (text.trim() === "" || Number.isNaN(n)) throw bad();
      return n;
    }
  }
}

/** Sets the field at a dotted path (`query.limit`) of a JSON object; unknown paths are ignored. */
function setPath(target: JsonObject, desc: DescMessage, key: string, values: string[], fullKey = key): void {
  const [head, ...rest] = key.split(".");
  const field = fieldNamed(desc, head!);
  if (!field) return;
  if (rest.length > 0) {
    if (field.fieldKind !== "message") return;
    const existed = field.jsonName in target;
    const current = target[field.jsonName];
    // `target=x&target.name=y`: a message given whole as text cannot also be given field by field.
    if (existed && (typeof current !== "object" || current === null || Array.isArray(current)))
      throw badRequest(`query parameter ${fullKey} sets a field of ${head}, which the request already gives as a value`);
    const child = (target[field.jsonName] ??= {}) as JsonObject;
    setPath(child, field.message, rest.join("."), values, fullKey);
    // An unknown nested parameter must not leave an empty message behind.
    if (!existed && Object.keys(child).length === 0) delete target[field.jsonName];
    return;
  }
  target[field.jsonName] =
    field.fieldKind === "list" ? values.map((v) => scalarFromText(field, v, fullKey)) : scalarFromText(field, values[values.length - 1]!, fullKey);
}

/**
 * Document fields (message fields declared with `json_string_allowed`: ImportDataRequest.data_orgsv1,
 * which the spec calls a string) may come as a string holding their JSON, parsed here. Their JSON
 * is also kept as sent, so the handler can validate it strictly (unknown fields and wrong types
 * with their paths) instead of seeing only what lenient proto3 decoding left of it.
 */
function takeDocuments(schema: DescMessage, json: JsonObject): Map<string, JsonValue> {
  const documents = new Map<string, JsonValue>();
  for (const field of schema.fields) {
    if (field.fieldKind !== "message" || !hasOption(field, json_string_allowed) || !getOption(field, json_string_allowed)) continue;
    for (const key of new Set([field.name, field.jsonName])) {
      // null is proto3 JSON's "not set".
      if (json[key] === undefined || json[key] === null) continue;
      const value = json[key];
      if (typeof value === "string") {
        try {
          json[key] = JSON.parse(value) as JsonValue;
        } catch (e) {
          throw badRequest(`${field.jsonName} is a string but not valid JSON: ${(e as Error).message}`);
        }
      }
      documents.set(field.jsonName, json[key]!);
    }
  }
  return documents;
}

/** A REST request as its message, and the JSON of its document fields as sent (keyed by JSON name). */
export interface RestRequest {
  message: Message;
  documents: ReadonlyMap<string, JsonValue>;
}

export interface RestInput {
  pathParams: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  rawBody: string | undefined;
  bodyField: string;
}

export function restRequestMessage(schema: DescMessage, input: RestInput): RestRequest {
  const json: JsonObject = {};
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined || key in input.pathParams) continue;
    setPath(json, schema, key, Array.isArray(value) ? value : [value]);
  }
  if (input.bodyField && input.rawBody !== undefined && input.rawBody.trim() !== "") {
    let body: JsonValue;
    try {
      body = JSON.parse(input.rawBody) as JsonValue;
    } catch (e) {
      throw badRequest(`request body is not valid JSON: ${(e as Error).message}`);
    }
    if (input.bodyField === "*") {
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("request body must be a JSON object");
      Object.assign(json, body);
    } else {
      const field = fieldNamed(schema, input.bodyField)!;
      json[field.jsonName] = body;
    }
  }
  for (const [key, value] of Object.entries(input.pathParams)) setPath(json, schema, key, [value]);
  const documents = takeDocuments(schema, json);
  try {
    return { message: fromJson(schema, json, { ignoreUnknownFields: true }), documents };
  } catch (e) {
    if (documents.size === 0) throw badRequest(`invalid request: ${(e as Error).message}`);
  }
  // A document that does not decode is still handed over, as an empty message so its oneof case is
  // set: the handler's validation names what is wrong in it, with paths. The rest must decode.
  for (const field of schema.fields)
    if (documents.has(field.jsonName)) for (const key of new Set([field.name, field.jsonName])) if (key in json) json[key] = {};
  try {
    return { message: fromJson(schema, json, { ignoreUnknownFields: true }), documents };
  } catch (e) {
    throw badRequest(`invalid request: ${(e as Error).message}`);
  }
}
