// grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer (RFC 7523; spec "Token endpoint grants"):
// a machine user signs an assertion with one of its keys (iss = sub = user id, aud = the issuer, kid
// = key id); the assertion authenticates, no client authentication is used. Gives an access token,
// an ID token with scope openid and a refresh token with offline_access.

import { decodeJwt, decodeProtectedHeader } from "jose";
import { verifiedByRegisteredKey } from "../assertion.js";
import { getUser, machineKeys } from "../../domain/user/queries.js";
import { invalidGrant } from "../errors.js";
import { issueTokens } from "../issue.js";
import { required, type GrantModule } from "./grant.js";

export const jwtBearer: GrantModule = {
  grantType: "urn:ietf:params:oauth:grant-type:jwt-bearer",
  async handle(ctx, req) {
    const { core, instance } = ctx;
    const assertion = required(req.form, "assertion");
    let sub: string | undefined;
    let kid: string | undefined;
    try {
      sub = decodeJwt(assertion).sub;
      kid = decodeProtectedHeader(assertion).kid;
    } catch {
      throw invalidGrant("assertion is not a JWT");
    }
    const user = sub ? getUser(core.db, instance.id, sub) : undefined;
    if (!user || user.instanceId !== instance.id || user.type !== "machine") throw invalidGrant("the assertion's subject is no machine user of this instance");
    const keys = machineKeys(core.db, instance.id, user.id).filter((k) => !kid || k.id === kid);
    const verified = await verifiedByRegisteredKey(core, assertion, keys, { issuer: user.id, subject: user.id, audience: [ctx.issuer, req.endpoint] });
    if (!verified) throw invalidGrant("the assertion could not be verified with a key of the user, or it has expired");
    const scope = (req.form.scope ?? "").split(" ").filter(Boolean);
    // As in the product, the machine user is the client (client_id = its user id) and
    // offline_access gives a refresh token, which it refreshes with a client assertion.
    return issueTokens(ctx, {
      clientId: user.id,
      user,
      scope,
      authTime: core.clock.now().toISOString(),
      amr: ["pwd"],
      accessTokenFormat: user.data.accessTokenType === "jwt" ? "jwt" : "opaque",
      withAccessToken: true,
      withRefreshToken: scope.includes("offline_access"),
      withIdToken: scope.includes("openid"),
    });
  },
};
