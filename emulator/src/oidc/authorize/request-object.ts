// Request objects at the authorization endpoint (OpenID Connect Core 6.1, 6.3; RFC 9101): the
// `request` parameter carries the request's parameters as a JWT, unsigned (`alg: none`) or signed
// with a key the client registered (private_key_jwt clients); its values win over the query's.
// `request_uri` (Core 6.2) is not supported.

import { decodeJwt, decodeProtectedHeader, type JWTPayload } from "jose";
import type { App } from "../../domain/app/app.js";
import { appPublicKeys } from "../../domain/app/queries.js";
import { verifiedByRegisteredKey } from "../assertion.js";
import { OidcError, invalidRequest } from "../errors.js";
import type { OidcContext } from "../issue.js";
import type { Params as Query } from "../parameters.js";

/** What discovery advertises as request_object_signing_alg_values_supported. */
export const REQUEST_OBJECT_ALGS = ["none", "RS256"];

/** Claims of the JWT itself, checked here and not authorization parameters. */
const JWT_CLAIMS = new Set(["iss", "aud", "exp", "nbf", "iat", "jti", "sub"]);

const invalidObject = (d: string) => new OidcError("invalid_request_object", d);

/**
 * The request's parameters with its request object applied, and the error of the request object if
 * it has one. With an error, `params` still carries what could be read of the object (its state
 * and redirect_uri), so the error goes back where and with the state the client expects.
 */
export async function applyRequestObject(ctx: OidcContext, app: App, query: Query): Promise<{ params: Query; problem?: OidcError }> {
  // Empty values count as absent, as for every other authorization parameter.
  if (query.request_uri !== undefined && query.request_uri !== "")
    return {
      params: query,
      problem: new OidcError("request_uri_not_supported", "request_uri is not supported; send the request object in the request parameter"),
    };
  const jwt = query.request;
  if (jwt === undefined || jwt === "") return { params: query };
  let payload: JWTPayload;
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(jwt).alg;
    payload = decodeJwt(jwt);
  } catch {
    return { params: query, problem: invalidObject("the request parameter is not a JWT whose payload is a JSON object") };
  }
  const { inside, problem } = objectParameters(payload);
  const params = { ...query, ...inside };
  if (problem) return { params, problem };
  try {
    await verify(ctx, app, jwt, alg, payload);
    checkAgainstQuery(query, inside);
  } catch (e) {
    if (e instanceof OidcError) return { params, problem: e };
    throw e;
  }
  return { params };
}

/** The object's authorization parameters as strings (max_age may be a JSON number), and the first value that cannot be one. */
function objectParameters(payload: JWTPayload): { inside: Record<string, string>; problem?: OidcError } {
  const inside: Record<string, string> = {};
  let problem: OidcError | undefined;
  for (const [name, value] of Object.entries(payload)) {
    if (JWT_CLAIMS.has(name)) continue;
    if (name === "request" || name === "request_uri") problem ??= invalidObject(`a request object must not contain ${name}`);
    else if (typeof value === "string") inside[name] = value;
    else if (typeof value === "number" || typeof value === "boolean") inside[name] = String(value);
    // The claims parameter (Core 5.5) is an object; the emulator does not support it and ignores it, as in the query.
    else if (name !== "claims") problem ??= invalidObject(`${name} in the request object must be a string`);
  }
  return { inside, problem };
}

async function verify(ctx: OidcContext, app: App, jwt: string, alg: string | undefined, payload: JWTPayload): Promise<void> {
  if (payload.iss !== undefined && payload.iss !== app.clientId) throw invalidObject(`iss of the request object must be the client id ${app.clientId}`);
  if (payload.aud !== undefined && !(Array.isArray(payload.aud) ? payload.aud : [payload.aud]).includes(ctx.issuer))
    throw invalidObject(`aud of the request object must contain the issuer ${ctx.issuer}`);
  checkTimes(ctx, payload);
  if (alg === "none") {
    if (!jwt.endsWith(".")) throw invalidObject("an unsigned request object (alg none) must have an empty signature");
    return;
  }
  const config = app.oidc!;
  if (config.authMethod !== "private_key_jwt") {
    throw invalidObject(
      `the emulator cannot verify a request object signed with ${alg}: client ${app.clientId} has no registered keys ` +
        "(only private_key_jwt clients do); send it unsigned (alg none)",
    );
  }
  if (!(await verifiedByRegisteredKey(ctx.core, jwt, appPublicKeys(ctx.core.db, app.instanceId, app.id), {}))) {
    throw invalidObject("the signature of the request object could not be verified with a registered RS256 key of the client");
  }
}

/** exp and nbf, at real time or at emulator time: clients sign with their real clock (as assertions). */
function checkTimes(ctx: OidcContext, payload: JWTPayload): void {
  const nows = [Date.now(), ctx.core.clock.nowMs()].map((ms) => Math.floor(ms / 1000));
  if (typeof payload.exp === "number" && nows.every((now) => payload.exp! <= now)) throw invalidObject("the request object has expired");
  if (typeof payload.nbf === "number" && nows.every((now) => payload.nbf! > now)) throw invalidObject("the request object is not valid yet (nbf)");
}

/**
 * client_id stays in the query (the object is verified with its key). response_type may travel in
 * the query (Core 6.1), in the object only (RFC 9101 5, as openid-client's JAR sends it) or in both,
 * where they must agree.
 */
function checkAgainstQuery(query: Query, inside: Record<string, string>): void {
  if (inside.client_id !== undefined && inside.client_id !== query.client_id)
    throw invalidObject("client_id in the request object does not match the client_id parameter");
  if (query.response_type === undefined && inside.response_type === undefined) throw invalidRequest("response_type is missing");
  if (query.response_type !== undefined && inside.response_type !== undefined && inside.response_type !== query.response_type) {
    throw invalidObject("response_type in the request object does not match the response_type parameter");
  }
}
