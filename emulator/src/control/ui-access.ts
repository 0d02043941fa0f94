// How the UI at /ui/ is signed in (issue 13): the handle mints a one-time link token; opening the link
// trades it for a session id in an HttpOnly, SameSite=Strict cookie. Tokens and sessions live in
// memory only, so a restart signs every browser out. The control API takes the cookie instead of the
// console token only with a CSRF proof (uiCsrfProblem), because SameSite does not separate ports:
// a page on http://localhost:3000 is the same site as the emulator on http://localhost:8080.

import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export const UI_COOKIE = "svc_emulator_ui";
/** The header the UI's fetch wrappers send; a cross-origin page cannot send it without a CORS preflight the control API refuses. */
export const UI_HEADER = "x-svc-ui";

const secret = () => randomBytes(24).toString("base64url");
/** Unused links kept at most; the oldest go first (a test suite may mint thousands and open none). */
const MAX_OPEN_LINKS = 1000;

export class UiAccess {
  private readonly linkTokens = new Set<string>();
  private readonly sessions = new Set<string>();

  /** A new one-time token for the UI link. */
  mintLinkToken(): string {
    const token = secret();
    this.linkTokens.add(token);
    if (this.linkTokens.size > MAX_OPEN_LINKS) this.linkTokens.delete(this.linkTokens.values().next().value!);
    return token;
  }

  /** Spends a link token: a new session id, or undefined when the token is unknown or used. */
  redeem(token: string): string | undefined {
    if (!this.linkTokens.delete(token)) return undefined;
    const session = secret();
    this.sessions.add(session);
    return session;
  }

  /** Whether the request's cookie names a live session. */
  hasSession(headers: IncomingHttpHeaders): boolean {
    const id = cookieValue(headers.cookie, UI_COOKIE);
    return id !== undefined && this.sessions.has(id);
  }
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value of a session (no Secure: the emulator serves plain HTTP on loopback). */
export function sessionCookie(session: string): string {
  return `${UI_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict`;
}

/**
 * Why a cookie-authenticated request is not proven same-origin, or undefined when it is. The own
 * origin is http://<Host>: the Host was admitted already (loopback or an instance domain, against
 * DNS rebinding). Proof is an Origin equal to it; or, without an Origin, the X-Svc-Ui header or the
 * browser's own Sec-Fetch-Site: same-origin (EventSource can send neither an Origin nor a header).
 */
export function uiCsrfProblem(headers: IncomingHttpHeaders): string | undefined {
  const own = `http://${headers.host ?? ""}`;
  const origin = headers.origin;
  if (origin !== undefined) return origin === own ? undefined : `Origin ${origin} is not the emulator's own origin ${own}`;
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return `Sec-Fetch-Site ${site} is not same-origin`;
  if (site === "same-origin" || headers[UI_HEADER] === "1") return undefined;
  return `A request signed in by the UI cookie needs an Origin of ${own} or the ${UI_HEADER}: 1 header`;
}
