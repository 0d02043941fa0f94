// Decoding a token as far as it goes: a JWT's header and payload (base64url JSON), its signature
// bytes, and for a broken one the segment that fails and why. Opaque tokens are not decoded.

export type Segment = "header" | "payload" | "signature";

export interface Decoded {
  kind: "jwt" | "opaque" | "malformed";
  raw: string;
  header?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  signature?: Uint8Array;
  /** The segment that failed, and a sentence naming it. */
  problem?: { segment: Segment | "token"; message: string };
}

const ORDINAL: Record<Segment, string> = { header: "1st", payload: "2nd", signature: "3rd" };

export function base64urlBytes(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("has characters outside the base64url alphabet");
  if (s.length % 4 === 1) throw new Error("has a length no base64url text has");
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function jsonSegment(part: string, segment: Segment): Record<string, unknown> {
  let bytes: Uint8Array;
  try {
    bytes = base64urlBytes(part);
  } catch (e) {
    throw { segment, message: `The ${segment} segment (${ORDINAL[segment]}) is not base64url: it ${(e as Error).message}` };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw { segment, message: `The ${segment} segment (${ORDINAL[segment]}) is not UTF-8 text` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw { segment, message: `The ${segment} segment (${ORDINAL[segment]}) is not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw { segment, message: `The ${segment} segment (${ORDINAL[segment]}) is JSON but not an object` };
  return value as Record<string, unknown>;
}

export function decodeToken(raw: string): Decoded {
  const token = raw.trim();
  const parts = token.split(".");
  if (parts.length === 1) return { kind: "opaque", raw: token };
  const out: Decoded = { kind: "jwt", raw: token };
  if (parts.length !== 3) {
    out.kind = "malformed";
    out.problem = { segment: "token", message: `A JWT has 3 segments separated by ".", this token has ${parts.length}` };
  }
  const steps: [Segment, () => void][] = [
    ["header", () => (out.header = jsonSegment(parts[0]!, "header"))],
    ["payload", () => (out.payload = jsonSegment(parts[1] ?? "", "payload"))],
    [
      "signature",
      () => {
        try {
          out.signature = base64urlBytes(parts[2] ?? "");
        } catch (e) {
          throw { segment: "signature", message: `The signature segment (3rd) is not base64url: it ${(e as Error).message}` };
        }
      },
    ],
  ];
  // Every segment is tried, so a broken payload still shows its header (and the first failure is named).
  for (const [segment, decode] of steps) {
    if (segment !== "header" && parts.length < 2) break;
    try {
      decode();
    } catch (e) {
      out.kind = "malformed";
      out.problem ??= e as Decoded["problem"];
    }
  }
  return out;
}
