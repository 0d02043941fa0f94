// Device authorizations (RFC 8628) between the device authorization endpoint, the verification
// pages and the token endpoint: the device code the device polls with, the user code the user
// types, and whether the user approved. Lifetime, poll interval and user code shape as the product
// (wire-facts 6.6): 5 minutes, 5 seconds, 8 of BCDFGHJKLMNPQRSTVWXZ with a dash after 4.

import { randomInt } from "node:crypto";

export const DEVICE_LIFETIME_S = 5 * 60;
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 3.5: every slow_down adds 5 seconds to the interval. */
export const SLOW_DOWN_STEP_S = 5;

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

/**
 * A user code as typed, in its stored shape: case, spaces and dashes do not matter (RFC 8628 6.1);
 * undefined when it cannot be a user code.
 */
export function normalizeUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== 8 || [...letters].some((c) => !USER_CODE_CHARS.includes(c))) return undefined;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

export function newUserCode(): string {
  const letters = Array.from({ length: 8 }, () => USER_CODE_CHARS[randomInt(USER_CODE_CHARS.length)]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}
