// Device authorizations (RFC 8628) between the device authorization endpoint, the verification
// pages and the token endpoint: the device code the device polls with, the user code the user
// types, and whether the user approved. Lifetime, poll interval and user code shape as the product
// (wire-facts 6.6): 5 minutes, 5 seconds, 8 of BCDFGHJKLMNPQRSTVWXZ with a dash after 4.

import { seal, unseal } from "../store/sealed.js";
import { randomBytes, randomInt } from "node:crypto";
import type { Core } from "../domain/core.js";
import type { Projections } from "../store/projections.js";

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
export const DEVICE_LIFETIME_S = 5 * 60;
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 3.5: every slow_down adds 5 seconds to the interval. */
export const SLOW_DOWN_STEP_S = 5;

/** The short address the device shows (the product's, RFC 8628 3.2: short), and the pages behind it. */
export const VERIFICATION_PATH = "/device";
export const DEVICE_PAGE_PATH = "/ui/login/device";
export const DEVICE_CONSENT_PATH = "/ui/login/device/consent";

const USER_CODE_CHARS = "BCDFGHJKLMNPQRSTVWXZ";

export type DeviceState = "pending" | "approved" | "denied" | "done";

export interface DeviceAuthorization {
  id: string;
  instanceId: string;
  clientId: string;
  deviceCode: string;
  userCode: string;
  scope: string[];
  expiresAt: string;
  intervalS: number;
  lastPolledAt: string | null;
  state: DeviceState;
  userId: string | null;
  sessionId: string | null;
}

interface Row {
  id: string;
  instance_id: string;
  client_id: string;
  device_code: string;
  user_code: string;
  scope: string;
  expires_at: string;
  interval_s: number;
  last_polled_at: string | null;
  state: DeviceState;
  user_id: string | null;
  session_id: string | null;
}

const fromRow = (r: Row): DeviceAuthorization => ({
  id: r.id,
  instanceId: r.instance_id,
  clientId: r.client_id,
  deviceCode: r.device_code,
  userCode: r.user_code,
  scope: JSON.parse(r.scope) as string[],
  expiresAt: r.expires_at,
  intervalS: r.interval_s,
  lastPolledAt: r.last_polled_at,
  state: r.state,
  userId: r.user_id,
  sessionId: r.session_id,
});

export function registerDeviceAuthorizationProjection(p: Projections): void {
  p.register(["device_authorizations"], {
    "oidc.device_authorization.added": (db, e) => {
      const x = e.payload as { clientId: string; deviceCode: unknown; userCode: string; scope: string[]; expiresAt: string; intervalS: number };
      db.stmt("INSERT INTO device_authorizations (id, instance_id, client_id, device_code, user_code, scope, expires_at, interval_s, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)").run(
        e.aggregateId,
        e.instanceId,
        x.clientId,
        unseal(db, x.deviceCode),
        x.userCode,
        JSON.stringify(x.scope),
        x.expiresAt,
        x.intervalS,
        e.createdAt,
      );
    },
    "oidc.device_authorization.approved": (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'approved', user_id = ?, session_id = ? WHERE id = ?").run(e.payload.userId, e.payload.sessionId, e.aggregateId);
    },
    "oidc.device_authorization.denied": (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'denied', user_id = ? WHERE id = ?").run(e.payload.userId, e.aggregateId);
    },
    "oidc.device_authorization.slowed_down": (db, e) => {
      db.stmt("UPDATE device_authorizations SET interval_s = ? WHERE id = ?").run(e.payload.intervalS, e.aggregateId);
    },
    "oidc.device_authorization.token_issued": (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'done' WHERE id = ?").run(e.aggregateId);
    },
  });
}

const event = (d: Pick<DeviceAuthorization, "instanceId" | "id">, type: string, payload: Record<string, unknown>, creator: string) => ({
  instanceId: d.instanceId,
  aggregateType: "device_authorization",
  aggregateId: d.id,
  type: `oidc.device_authorization.${type}`,
  payload,
  creator,
  resourceOwner: d.instanceId,
});

const byColumn = (core: Core, column: "device_code" | "user_code" | "id", instanceId: string, value: string): DeviceAuthorization | undefined => {
  const r = core.db.stmt(`SELECT * FROM device_authorizations WHERE instance_id = ? AND ${column} = ?`).get(instanceId, value) as Row | undefined;
  return r && fromRow(r);
};

/**
 * A user code as typed, in its stored shape: case, spaces and dashes do not matter (RFC 8628 6.1);
 * undefined when it cannot be a user code.
 */
export function normalizeUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== 8 || [...letters].some((c) => !USER_CODE_CHARS.includes(c))) return undefined;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

function newUserCode(): string {
  const letters = Array.from({ length: 8 }, () => USER_CODE_CHARS[randomInt(USER_CODE_CHARS.length)]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

export function addDeviceAuthorization(core: Core, instanceId: string, clientId: string, scope: string[]): DeviceAuthorization {
  const id = core.ids.next();
  let userCode = newUserCode();
  while (byColumn(core, "user_code", instanceId, userCode)) userCode = newUserCode();
  const expiresAt = new Date(core.clock.nowMs() + DEVICE_LIFETIME_S * 1000).toISOString();
  const payload = { clientId, deviceCode: seal(core.db, randomBytes(32).toString("base64url")), userCode, scope, expiresAt, intervalS: DEVICE_POLL_INTERVAL_S };
  core.events.push([event({ instanceId, id }, "added", payload, clientId)]);
  return byColumn(core, "id", instanceId, id)!;
}

export const deviceAuthorizationById = (core: Core, instanceId: string, id: string) => byColumn(core, "id", instanceId, id);
export const deviceAuthorizationByDeviceCode = (core: Core, instanceId: string, deviceCode: string) => byColumn(core, "device_code", instanceId, deviceCode);
export const deviceAuthorizationByUserCode = (core: Core, instanceId: string, userCode: string) => byColumn(core, "user_code", instanceId, userCode);

export const isExpired = (core: Core, d: DeviceAuthorization) => Date.parse(d.expiresAt) <= core.clock.nowMs();

/** The user's decision on the verification page. */
export function decideDeviceAuthorization(core: Core, d: DeviceAuthorization, approved: boolean, session: { id: string; userId: string }): void {
  core.events.push([event(d, approved ? "approved" : "denied", approved ? { userId: session.userId, sessionId: session.id } : { userId: session.userId }, session.userId)]);
}

/**
 * Records a poll of the token endpoint and tells whether it came sooner than the interval allows;
 * a too early poll grows the interval. The poll time itself is bookkeeping, not an event: a device
 * polls every few seconds and the event log would fill with them.
 */
export function recordPoll(core: Core, d: DeviceAuthorization): { tooSoon: boolean } {
  const now = core.clock.nowMs();
  const tooSoon = d.lastPolledAt !== null && now - Date.parse(d.lastPolledAt) < d.intervalS * 1000;
  core.db.stmt("UPDATE device_authorizations SET last_polled_at = ? WHERE id = ?").run(new Date(now).toISOString(), d.id);
  if (tooSoon) core.events.push([event(d, "slowed_down", { intervalS: d.intervalS + SLOW_DOWN_STEP_S }, d.clientId)]);
  return { tooSoon };
}

export function tokenIssuedEvent(d: DeviceAuthorization) {
  return event(d, "token_issued", {}, d.clientId);
}
