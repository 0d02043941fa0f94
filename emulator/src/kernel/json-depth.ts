// How deeply a parsed JSON value nests objects and arrays, measured level by level without
// recursion (a body nested 10,000 levels deep must not overflow the stack), and only as far as the
// caller's limit: deeper values are not walked further.

/** The nesting of `value` (0 for a scalar, 1 for an object or array of scalars), counted up to `limit + 1`. */
export function jsonDepth(value: unknown, limit: number): number {
  const nested = (x: unknown) => typeof x === "object" && x !== null;
  let depth = 0;
  let level: unknown[] = [value];
  while (depth <= limit) {
    level = level.filter(nested);
    if (!level.length) break;
    depth++;
    level = level.flatMap((x) => (Array.isArray(x) ? x : Object.values(x as object)));
  }
  return depth;
}
