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

export const deviceAuthorizationAdded = type<DeviceAuthorizationAddedPayload>("added");
export const deviceAuthorizationApproved = type<{ userId: string; sessionId: string }>("approved");
export const deviceAuthorizationDenied = type<{ userId: string }>("denied");
export const deviceAuthorizationSlowedDown = type<{ intervalS: number }>("slowed_down");
export const deviceAuthorizationTokenIssued = type<Record<string, never>>("token_issued");
