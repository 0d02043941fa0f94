// The validation checklist a relying party runs on an ID token (OIDC Core 3.1.3.7) or a JWT access
// token: iss, aud, azp, nonce, at_hash, exp (and nbf), on the emulator's clock.

import { relative } from "./time";
import { leftHalfHash } from "./verify";

export interface Check {
  name: string;
  state: "ok" | "failed" | "not checked";
  detail: string;
}

export interface CheckInput {
  payload: Record<string, unknown>;
  alg: string;
  expectedIssuer: string;
  accessToken?: string;
  nonce?: string;
  now: Date;
}

const ok = (name: string, detail: string): Check => ({ name, state: "ok", detail });
const failed = (name: string, detail: string): Check => ({ name, state: "failed", detail });
const skipped = (name: string, detail: string): Check => ({ name, state: "not checked", detail });

export async function runChecks(c: CheckInput): Promise<Check[]> {
  const p = c.payload;
  const aud = Array.isArray(p.aud) ? p.aud.map(String) : p.aud === undefined ? [] : [String(p.aud)];
  const azp = typeof p.azp === "string" ? p.azp : undefined;
  const nowS = c.now.getTime() / 1000;
  const checks: Check[] = [];
  checks.push(
    p.iss === c.expectedIssuer
      ? ok("iss", `is the instance's issuer ${c.expectedIssuer}`)
      : failed("iss", `${String(p.iss)} is not the instance's issuer ${c.expectedIssuer}`),
  );
  if (!aud.length) checks.push(failed("aud", "no audience"));
  else if (azp && !aud.includes(azp)) checks.push(failed("aud", `does not contain the authorized party ${azp}`));
  else checks.push(ok("aud", `${aud.join(", ")}${azp ? ` (contains azp ${azp})` : ""}`));
  if (aud.length > 1) checks.push(azp ? ok("azp", `${azp}, one of the audiences`) : failed("azp", "several audiences but no azp"));
  else checks.push(azp ? ok("azp", azp) : skipped("azp", "one audience: azp not needed"));
  if (p.nonce === undefined)
    checks.push(c.nonce ? failed("nonce", `the request sent nonce ${c.nonce}, the token has none`) : skipped("nonce", "no nonce in the token"));
  else if (!c.nonce) checks.push(skipped("nonce", "the request's nonce is unknown (open the token with &nonce=…)"));
  else
    checks.push(p.nonce === c.nonce ? ok("nonce", "matches the request's nonce") : failed("nonce", `${String(p.nonce)} is not the request's nonce ${c.nonce}`));
  if (p.at_hash === undefined) checks.push(skipped("at_hash", "no at_hash in the token"));
  else if (!c.accessToken) checks.push(skipped("at_hash", "the access token is unknown (open the token with &access_token=…)"));
  else if (!["RS256", "ES256", "PS256"].includes(c.alg)) checks.push(skipped("at_hash", `alg ${c.alg}: only SHA-256 algorithms are checked`));
  else {
    const expected = await leftHalfHash(c.accessToken);
    checks.push(
      p.at_hash === expected ? ok("at_hash", "matches the access token") : failed("at_hash", `${String(p.at_hash)} is not the access token's hash ${expected}`),
    );
  }
  if (typeof p.exp !== "number") checks.push(failed("exp", "no expiration time"));
  else if (p.exp <= nowS) checks.push(failed("exp", `expired ${span(p.exp - nowS)} ago on the emulator clock`));
  else checks.push(ok("exp", `valid for ${span(p.exp - nowS)} on the emulator clock`));
  if (typeof p.nbf === "number" && p.nbf > nowS) checks.push(failed("nbf", `not valid before ${dateOf(p.nbf)}`));
  return checks;
}

/** A length of time without its direction ("1h 2m"): relative() says "in 0s" for an exp that is exactly now. */
const span = (seconds: number) => relative(seconds).replace(/^in | ago$/g, "");

/** A time claim as an ISO date, or as the number it is when no date is that far out. */
function dateOf(seconds: number): string {
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? `${seconds} (seconds since the epoch)` : d.toISOString();
}
