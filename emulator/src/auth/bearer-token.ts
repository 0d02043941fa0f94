// Authentication of resource API calls (spec "Authentication"): `Authorization: Bearer <token>`.
// For now a personal access token; OIDC access tokens join with the OIDC provider.

import type { Core } from "../domain/core.js";
import { Code, SvcError } from "../kernel/errors.js";
import { findPersonalAccessToken } from "../domain/user/queries.js";
import { getUser } from "../domain/user/queries.js";
import { canSignIn, type User } from "../domain/user/user.js";
import type { Instance } from "../domain/instance/instance.js";
import { activeAccessToken } from "../domain/token/access-token.js";
import { API_AUDIENCE_SCOPE, apiProjectId } from "../domain/token/api-audience.js";
import { isSystemOwner } from "./permissions.js";
import { issuerOf } from "../domain/instance/public-names.js";

export interface Principal {
  user: User;
  tokenId: string;
  /**
   * The client the token was issued to, as introspection's `client_id` says: an app's client id, a
   * machine user's user name (client credentials) or id (JWT profile). A personal access token is issued
   * to no app: its machine user's user name, the client id that user has at the token endpoint.
   */
  clientId: string;
}

const unauthenticated = (id: string, text: string) => new SvcError(Code.Unauthenticated, id, text);

export function bearerToken(authorization: string | null | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return m?.[1];
}

/**
 * The user behind the request's token, or Unauthenticated (401, code 16): a personal access token,
 * or an OIDC access token (opaque or JWT) whose audience holds the instance's API project.
 */
export async function authenticate(core: Core, instance: Instance, host: string, authorization: string | null | undefined): Promise<Principal> {
  const instanceId = instance.id;
  if (!authorization) throw unauthenticated("AUTH-7fs1e", "Authorization header missing");
  const token = bearerToken(authorization);
  if (!token) throw unauthenticated("AUTH-7fs1f", "Authorization header is not a Bearer token");
  const pat = findPersonalAccessToken(core.db, instanceId, token);
  if (!pat) {
    const access = await activeAccessToken(core, { instanceId, issuer: issuerOf(core.names, host) }, token);
    const user = access && getUser(core.db, access.instanceId, access.userId);
    if (!access || !user || !canSignIn(user)) throw unauthenticated("AUTH-7fs1g", "Token is invalid");
    if (!access.audience.includes(apiProjectId(instance)))
      throw unauthenticated("AUTH-7fs1i", `Token is not for the API: request the scope ${API_AUDIENCE_SCOPE}`);
    return { user, tokenId: access.id, clientId: access.clientId };
  }
  // A system owner's token works in every instance.
  if (pat.instanceId !== instanceId && !isSystemOwner(core.db, { id: pat.userId, instanceId: pat.instanceId }))
    throw unauthenticated("AUTH-7fs1g", "Token is invalid");
  if (pat.expiresAt && Date.parse(pat.expiresAt) <= core.clock.nowMs()) throw unauthenticated("AUTH-7fs1h", "Token has expired");
  const user = getUser(core.db, pat.instanceId, pat.userId);
  if (!user || !canSignIn(user)) throw unauthenticated("AUTH-7fs1g", "Token is invalid");
  return { user, tokenId: pat.id, clientId: user.username };
}
