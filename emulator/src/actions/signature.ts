// The Svc-Signature header of target calls (wire-facts 1.7, Stripe-style):
// `t=<unix seconds>,v1=<hex HMAC-SHA256(signing key, "<t>.<body>")>`.

import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Svc-Signature";

export function sign(key: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac("sha256", key).update(`${unixSeconds}.${body}`).digest("hex")}`;
}

/** Whether a header value carries a valid v1 signature of `body` with `key`, within `toleranceS` of `nowS`. */
export function verify(header: string | undefined, key: string, body: string, nowS: number, toleranceS = 300): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isFinite(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(sign(key, body, t).split("v1=")[1]!);
  return parts.filter(([k]) => k === "v1").some(([, v]) => v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}
