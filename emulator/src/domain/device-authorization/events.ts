// The device authorization aggregate's events: added (the device code sealed), the user's decision,
// a slowed-down poll interval, and the tokens issued once.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";

export const DEVICE_AUTHORIZATION = "device_authorization";

export interface DeviceAuthorizationAddedPayload {
  clientId: string;
  deviceCode: Sealed | string;
  userCode: string;
  scope: string[];
  expiresAt: string;
  intervalS: number;
}

const type = <P extends object>(name: string) => eventType<P>(DEVICE_AUTHORIZATION, `oidc.device_authorization.${name}`);

export const DeviceAuthorizationAdded = type<DeviceAuthorizationAddedPayload>("added");
export const DeviceAuthorizationApproved = type<{ userId: string; sessionId: string }>("approved");
export const DeviceAuthorizationDenied = type<{ userId: string }>("denied");
export const DeviceAuthorizationSlowedDown = type<{ intervalS: number }>("slowed_down");
export const DeviceAuthorizationTokenIssued = type<Record<string, never>>("token_issued");
