// How deeply a binary protobuf message nests messages, read from its wire bytes with its schema and
// without recursion. protobuf-es decodes nested messages recursively, so a request nested 10,000
// levels deep (google.protobuf.Struct inside itself) overflows the stack while it is decoded, and
// connect answers that as an Internal error naming nothing. Only schemas that can nest without bound
// (a message type reachable from itself) can do that; for the others the schema bounds the depth.

import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";

/** The nesting protobuf's own decoders allow (the C++ and Go default recursion limit). */
export const MESSAGE_MAX_DEPTH = 100;

/** What a length-delimited field number opens inside a message: the nested message's schema, or nothing. */
type Opens = (fieldNo: number) => { field: DescField; opens: Opens } | undefined;

const opensCache = new WeakMap<DescMessage, Opens>();

function opensOf(desc: DescMessage): Opens {
  let opens = opensCache.get(desc);
  if (opens) return opens;
  const byNumber = new Map(desc.fields.map((f) => [f.number, f]));
  opens = (no) => {
    const field = byNumber.get(no);
    if (!field) return undefined;
    if (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")) return { field, opens: opensOf(field.message) };
    // A map entry is a message of its own: key 1, value 2.
    if (field.fieldKind === "map" && field.mapKind === "message") {
      const value = opensOf(field.message);
      return { field, opens: (n) => (n === 2 ? { field, opens: value } : undefined) };
    }
    return undefined;
  };
  opensCache.set(desc, opens);
  return opens;
}

const recursiveCache = new WeakMap<DescMessage, boolean>();

/** True when a message of `schema` can contain a message of a type that contains itself. */
export function canNestWithoutBound(schema: DescMessage): boolean {
  const known = recursiveCache.get(schema);
  if (known !== undefined) return known;
  const children = (d: DescMessage) => d.fields.flatMap((f) => (f.message ? [f.message] : []));
  // Depth-first with an explicit stack: a type met again on its own path is a cycle.
  let found = false;
  const done = new Set<DescMessage>();
  const stack: { desc: DescMessage; next: DescMessage[] }[] = [{ desc: schema, next: children(schema) }];
  const onPath = new Set<DescMessage>([schema]);
  while (stack.length && !found) {
    const top = stack.at(-1)!;
    const child = top.next.pop();
    if (!child) {
      onPath.delete(top.desc);
      done.add(top.desc);
      stack.pop();
    } else if (onPath.has(child)) found = true;
    else if (!done.has(child)) {
      onPath.add(child);
      stack.push({ desc: child, next: children(child) });
    }
  }
  recursiveCache.set(schema, found);
  return found;
}

/**
 * The top-level field of `schema` under which `bytes` nest messages deeper than `limit`; undefined
 * when they do not, or when the bytes are malformed (the decoder reports that itself).
 */
export function tooDeepField(schema: DescMessage, bytes: Uint8Array, limit = MESSAGE_MAX_DEPTH): DescField | undefined {
  const reader = new BinaryReader(bytes);
  const stack: { opens: Opens; end: number }[] = [{ opens: opensOf(schema), end: bytes.length }];
  let top: DescField | undefined;
  try {
    while (reader.pos < bytes.length) {
      while (stack.length > 1 && reader.pos >= stack.at(-1)!.end) stack.pop();
      const [no, wireType] = reader.tag();
      const inner = wireType === WireType.LengthDelimited ? stack.at(-1)!.opens(no) : undefined;
      if (!inner) {
        reader.skip(wireType, no);
        continue;
      }
      const length = reader.uint32();
      if (stack.length === 1) top = inner.field;
      if (stack.length > limit) return top;
      stack.push({ opens: inner.opens, end: reader.pos + length });
    }
  } catch {
    return undefined;
  }
  return undefined;
}
