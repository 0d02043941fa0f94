// Finishing an authorization request once a login session stands behind it: a code for the code
// flow, tokens for the implicit flow, delivered by the request's response mode.

import type { FastifyReply } from "fastify";
import type { App } from "../../domain/app/app.js";
import { getUser } from "../../domain/user/queries.js";
import type { AuthRequest } from "../../domain/auth-request/auth-request.js";
import { implicitSuccessEvents, succeedAuthRequest } from "../../domain/auth-request/commands.js";
import type { LoginSession } from "../../domain/login-session/login-session.js";
import { oidcActor } from "../actor.js";
import { DEVICE_CONSENT_PATH } from "../device-paths.js";
import { asOidcError, sendAuthorizationError } from "../error-response.js";
import { invalidRequest } from "../errors.js";
import { issueTokens, type OidcContext } from "../issue.js";
import { sendAuthorizationResponse } from "./respond.js";

export async function completeAuthRequest(ctx: OidcContext, reply: FastifyReply, req: AuthRequest, session: LoginSession, app: App): Promise<FastifyReply> {
  try {
    return await complete(ctx, reply, req, session, app);
  } catch (e) {
    return sendAuthorizationError(reply, req.params, asOidcError(e));
  }
}

async function complete(ctx: OidcContext, reply: FastifyReply, req: AuthRequest, session: LoginSession, app: App): Promise<FastifyReply> {
  const p = req.params;
  if (p.deviceAuthorizationId) {
    // The user signed in to decide on a device: the decision page comes next, nothing goes to a client.
    succeedAuthRequest(ctx.core, oidcActor(req.instanceId, session.userId), req, session.id, false);
    return reply.redirect(`${DEVICE_CONSENT_PATH}?authRequest=${encodeURIComponent(req.id)}`, 302);
  }
  if (p.responseType === "code") {
    const code = succeedAuthRequest(ctx.core, oidcActor(req.instanceId, session.userId), req, session.id, true);
    return sendAuthorizationResponse(reply, p.redirectUri, p.responseMode, { code, state: p.state });
  }
  const tokens = await issueTokens(ctx, {
    clientId: app.clientId,
    app,
    user: getUser(ctx.core.db, session.instanceId, session.userId)!,
    scope: p.scope.filter((s) => s !== "offline_access"),
    sessionId: session.id,
    authRequestId: req.id,
    authTime: session.authTime,
    amr: session.amr,
    nonce: p.nonce,
    accessTokenFormat: app.oidc!.accessTokenType,
    withAccessToken: p.responseType === "id_token token",
    withRefreshToken: false,
    withIdToken: true,
    // The request is finished in the commit of its tokens: a failed issuance leaves it open for another try.
    consume: () => {
      const done = implicitSuccessEvents(ctx.core, oidcActor(req.instanceId, session.userId), req, session.id);
      if (!done) throw invalidRequest("this authorization request is already finished");
      return done;
    },
  });
  return sendAuthorizationResponse(reply, p.redirectUri, p.responseMode, { ...tokens, state: p.state });
}
