// grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 3.4, 3.5): the device polls
// with its device code; authorization_pending until the user decided, slow_down when it polls
// sooner than the interval (which then grows by 5 s), access_denied when the user denied,
// expired_token after the lifetime (emulator clock); once approved, tokens as the code grant gives
// them, once: the device code is spent in the commit of its tokens (a failed issuance leaves it usable).

import { getUser } from "../../domain/user/queries.js";
import { EVERY_AUTH_METHOD, authenticateClient } from "../clients.js";
import { deviceTokenIssuedEvents, recordPoll } from "../../domain/device-authorization/commands.js";
import { SLOW_DOWN_STEP_S } from "../../domain/device-authorization/device-authorization.js";
import { deviceAuthorizationByDeviceCode, isExpired } from "../../domain/device-authorization/queries.js";
import { getLoginSession } from "../../domain/login-session/queries.js";
import { oidcActor } from "../actor.js";
import { DEVICE_CODE_GRANT } from "../device-paths.js";
import { OidcError, invalidGrant } from "../errors.js";
import { issueTokens } from "../issue.js";
import { appAllowing, required, type GrantModule } from "./grant.js";

export const deviceCode: GrantModule = {
  grantType: DEVICE_CODE_GRANT,
  async handle(ctx, req) {
    const { core, instance } = ctx;
    const client = await authenticateClient(core, instance, req.credentials, EVERY_AUTH_METHOD, [ctx.issuer, req.endpoint]);
    const app = appAllowing(client, DEVICE_CODE_GRANT, "device code");
    const d = deviceAuthorizationByDeviceCode(core.db, instance.id, required(req.form, "device_code"));
    if (!d) throw invalidGrant("the device code is unknown");
    if (d.clientId !== app.clientId) throw invalidGrant("the device code was issued to another client");
    if (d.state === "done") throw invalidGrant("the device code was already used");
    if (isExpired(core.clock, d)) throw new OidcError("expired_token", "the device code has expired");
    if (d.state === "denied") throw new OidcError("access_denied", "the user denied the authorization");
    if (d.state === "pending") {
      if (recordPoll(core, oidcActor(instance.id, d.clientId), d).tooSoon)
        throw new OidcError("slow_down", `polled sooner than the interval; poll every ${d.intervalS + SLOW_DOWN_STEP_S} seconds from now on`);
      throw new OidcError("authorization_pending", "the user has not decided yet");
    }
    const session = getLoginSession(core.db, d.instanceId, d.sessionId!);
    if (!session || session.terminatedAt) throw invalidGrant("the login session that approved the device has ended");
    const offline = d.scope.includes("offline_access") && app.oidc.grantTypes.includes("refresh_token");
    return issueTokens(ctx, {
      clientId: app.clientId,
      app,
      user: getUser(core.db, d.instanceId, d.userId!)!,
      scope: d.scope.filter((s) => s !== "offline_access" || offline),
      sessionId: session.id,
      authTime: session.authTime,
      amr: session.amr,
      accessTokenFormat: app.oidc.accessTokenType,
      withAccessToken: true,
      withRefreshToken: offline,
      withIdToken: d.scope.includes("openid"),
      consume: () => {
        const spent = deviceTokenIssuedEvents(core, oidcActor(instance.id, d.clientId), d);
        if (!spent) throw invalidGrant("the device code was already used");
        return spent;
      },
    });
  },
};
