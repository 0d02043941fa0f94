// POST /oauth/v2/device_authorization (RFC 8628 3.1, 3.2): the client authenticates as at the token
// endpoint, its app must allow the device code grant, and it gets a device code to poll with and
// a user code for the user to enter at the verification URI.

import { EVERY_AUTH_METHOD, authenticateClient } from "./clients.js";
import { addDeviceAuthorization } from "../domain/device-authorization/commands.js";
import { DEVICE_LIFETIME_S } from "../domain/device-authorization/device-authorization.js";
import { oidcActor } from "./actor.js";
import { DEVICE_CODE_GRANT, VERIFICATION_PATH } from "./device-paths.js";
import { appAllowing, type TokenRequest } from "./grants/grant.js";
import type { OidcContext } from "./issue.js";

export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** `req.endpoint`: this endpoint's URL, an audience a client assertion may name. */
export async function deviceAuthorizationEndpoint(ctx: OidcContext, req: TokenRequest): Promise<DeviceAuthorizationResponse> {
  const { core, instance } = ctx;
  const client = await authenticateClient(core, instance, req.credentials, EVERY_AUTH_METHOD, [ctx.issuer, req.endpoint]);
  const app = appAllowing(client, DEVICE_CODE_GRANT, "device code");
  const scope = (req.form.scope ?? "").split(" ").filter(Boolean);
  const d = addDeviceAuthorization(core, oidcActor(instance.id, app.clientId), app.clientId, scope);
  const verificationUri = ctx.issuer + VERIFICATION_PATH;
  return {
    device_code: d.deviceCode,
    user_code: d.userCode,
    verification_uri: verificationUri,
    verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(d.userCode)}`,
    expires_in: DEVICE_LIFETIME_S,
    interval: d.intervalS,
  };
}
