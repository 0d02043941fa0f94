// Device authorization commands: add one for a client (a user code unique in the instance), the
// user's decision, a poll of the token endpoint, and the tokens issued (decided in their commit).

import { randomPooled } from "../../kernel/random-pool.js";
import type { Actor, Core, GivenId } from "../core.js";
import type { NewEvent } from "../../store/event.js";
import { seal } from "../../store/sealed.js";
import { DEVICE_LIFETIME_S, DEVICE_POLL_INTERVAL_S, SLOW_DOWN_STEP_S, newUserCode, type DeviceAuthorization } from "./device-authorization.js";
import {
  DeviceAuthorizationAdded,
  DeviceAuthorizationApproved,
  DeviceAuthorizationDenied,
  DeviceAuthorizationSlowedDown,
  DeviceAuthorizationTokenIssued,
} from "./events.js";
import { deviceAuthorizationById, deviceAuthorizationByUserCode } from "./queries.js";

/** Adds a device authorization of `clientId` (the actor's user is the client). */
export function addDeviceAuthorization(core: Core, actor: Actor, clientId: string, scope: string[], opts: GivenId = {}): DeviceAuthorization {
  const id = opts.id ?? core.ids.next();
  core.events.command(() => {
    let userCode = newUserCode();
    while (deviceAuthorizationByUserCode(core.db, actor.instanceId, userCode)) userCode = newUserCode();
    const expiresAt = new Date(core.clock.nowMs() + DEVICE_LIFETIME_S * 1000).toISOString();
    const payload = {
      clientId,
      deviceCode: seal(core.db, randomPooled(32).toString("base64url")),
      userCode,
      scope,
      expiresAt,
      intervalS: DEVICE_POLL_INTERVAL_S,
    };
    return [DeviceAuthorizationAdded.event(actor, id, actor.instanceId, payload)];
  });
  return deviceAuthorizationById(core.db, actor.instanceId, id)!;
}

/** The user's decision on the verification page, in the session the user is signed in with. */
export function decideDeviceAuthorization(core: Core, actor: Actor, d: DeviceAuthorization, approved: boolean, session: { id: string; userId: string }): void {
  core.events.command(() => [
    approved
      ? DeviceAuthorizationApproved.event(actor, d.id, d.instanceId, { userId: session.userId, sessionId: session.id })
      : DeviceAuthorizationDenied.event(actor, d.id, d.instanceId, { userId: session.userId }),
  ]);
}

/**
 * Records a poll of the token endpoint and tells whether it came sooner than the interval allows;
 * a too early poll grows the interval. The poll time itself is bookkeeping in the projection, not
 * an event: a device polls every few seconds and the event log would fill with them.
 */
export function recordPoll(core: Core, actor: Actor, d: DeviceAuthorization): { tooSoon: boolean } {
  const now = core.clock.nowMs();
  const tooSoon = d.lastPolledAt !== null && now - Date.parse(d.lastPolledAt) < d.intervalS * 1000;
  core.db.stmt("UPDATE device_authorizations SET last_polled_at = ? WHERE id = ?").run(new Date(now).toISOString(), d.id);
  if (tooSoon) core.events.command(() => [DeviceAuthorizationSlowedDown.event(actor, d.id, d.instanceId, { intervalS: d.intervalS + SLOW_DOWN_STEP_S })]);
  return { tooSoon };
}

/**
 * The event that spends an approved device code, decided inside the commit of the tokens it gives (so
 * both are written or neither): undefined when it is no longer approved (spent by a concurrent poll, or pruned).
 */
export function deviceTokenIssuedEvents(core: Core, actor: Actor, d: DeviceAuthorization): NewEvent[] | undefined {
  if (deviceAuthorizationById(core.db, d.instanceId, d.id)?.state !== "approved") return undefined;
  return [DeviceAuthorizationTokenIssued.event(actor, d.id, d.instanceId, {})];
}
