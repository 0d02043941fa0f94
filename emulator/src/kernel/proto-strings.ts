// Proto3 string fields must be valid UTF-8 (the product refuses a message that breaks this when it
// decodes it) and the emulator also refuses NUL in them, as the product's database refuses NUL in
// text. Every decoded message is checked here, whatever the transport: REST bodies are decoded with
// `decodeUtf8Escaping`, and binary messages (gRPC, gRPC-web) inside `escapingProtoDecoding`, so
// invalid bytes reach this check as lone surrogates instead of an anonymous parse error.

import { AsyncLocalStorage } from "node:async_hooks";
import { ScalarType, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import { configureTextEncoding, getTextEncoding } from "@bufbuild/protobuf/wire";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { Code, SvcError } from "./errors.js";
import { decodeUtf8Escaping, malformedText, type Malformed } from "./text.js";

export interface MalformedString extends Malformed {
  path: string;
}

/** The first string (field, list item, map key or value, at any depth) that may not be stored. */
export function findMalformedString(schema: DescMessage, message: Message): MalformedString | undefined {
  return walk(reflect(schema, message), schema.name);
}

/** InvalidArgument naming the field, in the field rules' format, for a decoded request that breaks the rule. */
export function refuseMalformedStrings(schema: DescMessage, message: Message): void {
  const bad = findMalformedString(schema, message);
  if (bad) throw new SvcError(Code.InvalidArgument, `VALIDATE-${bad.rule}`, `invalid ${bad.path}: ${bad.reason} [${bad.rule}]`);
}

function walk(msg: ReflectMessage, path: string): MalformedString | undefined {
  for (const field of msg.desc.fields) {
    const found = checkField(msg, field, `${path}.${field.name}`);
    if (found) return found;
  }
  return undefined;
}

const isString = (f: { scalar?: ScalarType }) => f.scalar === ScalarType.STRING;

function checkText(value: unknown, path: string): MalformedString | undefined {
  const bad = typeof value === "string" ? malformedText(value) : undefined;
  return bad && { path, ...bad };
}

function checkField(msg: ReflectMessage, field: DescField, path: string): MalformedString | undefined {
  switch (field.fieldKind) {
    case "scalar":
      return isString(field) ? checkText(msg.get(field), path) : undefined;
    case "message":
      return msg.isSet(field) ? walk(msg.get(field), path) : undefined;
    case "list": {
      let i = 0;
      for (const item of msg.get(field)) {
        const itemPath = `${path}[${i++}]`;
        const found = field.listKind === "message" ? walk(item as ReflectMessage, itemPath) : isString(field) ? checkText(item, itemPath) : undefined;
        if (found) return found;
      }
      return undefined;
    }
    case "map":
      for (const [key, value] of msg.get(field)) {
        const entryPath = `${path}[${JSON.stringify(key)}]`;
        const found =
          (field.mapKey === ScalarType.STRING ? checkText(key, `${path} key`) : undefined) ??
          (field.mapKind === "message"
            ? walk(value as ReflectMessage, entryPath)
            : field.mapKind === "scalar" && isString(field)
              ? checkText(value, entryPath)
              : undefined);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

// protobuf-es decodes binary strings through one process-wide text decoder, which either throws on
// invalid UTF-8 (connect then answers Internal, naming no field) or substitutes U+FFFD, and its JSON
// reader refuses lone surrogates with a message of its own. Inside the emulator's decoding of a
// request (and only there: other code in the process keeps the defaults) invalid bytes are escaped
// and let through, so that `refuseMalformedStrings` names the field in the same words everywhere.
const scope = new AsyncLocalStorage<true>();
let installed = false;

function installEscapingDecoder(): void {
  if (installed) return;
  installed = true;
  const base = getTextEncoding();
  configureTextEncoding({
    checkUtf8: (text) => scope.getStore() === true || base.checkUtf8(text),
    encodeUtf8: base.encodeUtf8,
    decodeUtf8: (bytes, strict) => (scope.getStore() ? decodeUtf8Escaping(bytes) : base.decodeUtf8(bytes, strict)),
  });
}

/** Runs `fn` (and what it starts) with request decoding that keeps invalid UTF-8 for the string check. */
export function escapingProtoDecoding<T>(fn: () => T): T {
  installEscapingDecoder();
  return scope.run(true, fn);
}

/** For connect's JSON codecs (application/grpc+json): the same escaping decoder. */
export const escapingTextDecoder = { decode: (bytes: Uint8Array) => decodeUtf8Escaping(bytes) } as TextDecoder;
