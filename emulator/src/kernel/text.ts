// Text that may be stored (proto3 string fields, form and JSON parameters) must be valid UTF-8 and
// free of NUL: proto3 requires UTF-8, and the product's database refuses NUL in text. Decoding keeps
// invalid input detectable instead of silently turning it into U+FFFD: each byte of an invalid
// sequence becomes a lone surrogate U+DC80..U+DCFF (the "surrogateescape" convention), which no
// well-formed text contains, so one check after decoding finds raw invalid bytes and "\ud800"
// escapes alike.

const strict = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 bytes as text; invalid bytes become lone surrogates that `malformedText` refuses. */
export function decodeUtf8Escaping(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    return decodeSlowly(bytes);
  }
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629 table 3-7). */
function sequenceLength(b: Uint8Array, i: number): number {
  const b0 = b[i]!;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const [lo, hi] = b0 === 0xe0 ? [0xa0, 0xbf] : b0 === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const [lo, hi] = b0 === 0xf0 ? [0x90, 0xbf] : b0 === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

function decodeSlowly(bytes: Uint8Array): string {
  let out = "";
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += strict.decode(bytes.subarray(start, i)) + String.fromCharCode(0xdc00 + bytes[i]!);
    start = ++i;
  }
  return out + strict.decode(bytes.subarray(start));
}

// With the u flag a surrogate pair is one code point: only unpaired surrogates match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export interface Malformed {
  rule: "string.utf8" | "string.no_nul";
  reason: string;
}

/** Why a text may not be stored, or undefined when it may. */
export function malformedText(s: string): Malformed | undefined {
  if (LONE_SURROGATE.test(s)) return { rule: "string.utf8", reason: "value must be valid UTF-8" };
  if (s.includes("\u0000")) return { rule: "string.no_nul", reason: "value must not contain NUL (U+0000)" };
  return undefined;
}

/** Deeper values are refused rather than walked: the walk is recursive and must not overflow the stack. */
const MAX_NESTING = 64;

/** The first malformed text in a parsed JSON or form value (keys included), as `<path>: <reason>`. */
export function findMalformedText(value: unknown, path: string, depth = 0): string | undefined {
  if (depth > MAX_NESTING && value && typeof value === "object") return `${path}: value is nested deeper than ${MAX_NESTING} levels`;
  if (typeof value === "string") {
    const bad = malformedText(value);
    return bad && `${path}: ${bad.reason}`;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findMalformedText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const badKey = malformedText(k);
      if (badKey) return `${path ? `${path} key` : "key"} ${JSON.stringify(k)}: ${badKey.reason}`;
      const found = findMalformedText(v, path ? `${path}.${k}` : k, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The first malformed text among a request's parameters: path, query and parsed body. */
export function findMalformedParameter(req: { params?: unknown; query?: unknown; body?: unknown }): string | undefined {
  return findMalformedText(req.params, "") ?? findMalformedText(req.query, "") ?? findMalformedText(req.body, "");
}

/** application/x-www-form-urlencoded: split and percent-decoded as bytes, then read as UTF-8 like a raw body. */
export function parseForm(body: Uint8Array): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  // latin1 maps each byte to one character, so "&", "=", "+" and "%" are found without decoding.
  const decode = decodeFormComponent;
  // A view of the bytes, not a copy (the parser hands a Buffer already).
  for (const pair of Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1").split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? "" : decode(pair.slice(eq + 1));
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

// Any character above U+007F, "+" or "%": what leaves a component not decoding to itself.
const NEEDS_DECODING = /[\u0080-\uffff+%]/;

/** One form-urlencoded component, given as latin1 (one character per byte), as text. */
export function decodeFormComponent(latin1: string): string {
  // ASCII without "+" or "%" (most parameters, tokens and client ids) decodes to itself.
  if (!NEEDS_DECODING.test(latin1)) return latin1;
  return decodeUtf8Escaping(percentDecode(latin1.replace(/\+/g, " ")));
}

/** Percent-escapes of a latin1 string to their bytes; a "%" not followed by two hex digits stays as it is. */
function percentDecode(latin1: string): Uint8Array {
  return Buffer.from(
    latin1.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}
