// SvcApps: OIDC and API apps of projects, their client secrets and keys.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { durationFromMs, durationMs } from "@bufbuild/protobuf/wkt";
import { addKey, changeApp, createApp, regenerateSecret, removeApp } from "../../domain/app/commands.js";
import type { App, OidcAppConfig } from "../../domain/app/app.js";
import { foundApp, searchApps } from "../../domain/app/queries.js";
import type { TextMatch } from "../../store/text-filter.js";
import {
  APIAuthMethodType,
  OIDCAppType,
  OIDCAuthMethodType,
  OIDCGrantType,
  OIDCResponseType,
  OIDCTokenType,
  SvcApps,
  type AppSearchFilter,
  type GetAppSchema,
  type OIDCApp,
} from "../../gen/svc/resources/app/v3alpha/app_service_pb.js";
import { authorize, readableBy } from "../authorization.js";
import { orgResourceDetails, listDetails, pageOf } from "../details.js";
import { checkedProject, projectTarget } from "../projects/service.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

const RESPONSE_TYPES = new Map<OIDCResponseType, OidcAppConfig["responseTypes"][number]>([
  [OIDCResponseType.OIDC_RESPONSE_TYPE_CODE, "code"],
  [OIDCResponseType.OIDC_RESPONSE_TYPE_ID_TOKEN, "id_token"],
  [OIDCResponseType.OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN, "id_token token"],
]);
const GRANT_TYPES = new Map<OIDCGrantType, OidcAppConfig["grantTypes"][number]>([
  [OIDCGrantType.OIDC_GRANT_TYPE_AUTHORIZATION_CODE, "authorization_code"],
  [OIDCGrantType.OIDC_GRANT_TYPE_IMPLICIT, "implicit"],
  [OIDCGrantType.OIDC_GRANT_TYPE_REFRESH_TOKEN, "refresh_token"],
  [OIDCGrantType.OIDC_GRANT_TYPE_DEVICE_CODE, "urn:ietf:params:oauth:grant-type:device_code"],
  [OIDCGrantType.OIDC_GRANT_TYPE_TOKEN_EXCHANGE, "urn:ietf:params:oauth:grant-type:token-exchange"],
]);
const APP_TYPES = new Map<OIDCAppType, OidcAppConfig["appType"]>([
  [OIDCAppType.OIDC_APP_TYPE_WEB, "web"],
  [OIDCAppType.OIDC_APP_TYPE_USER_AGENT, "user_agent"],
  [OIDCAppType.OIDC_APP_TYPE_NATIVE, "native"],
]);
const AUTH_METHODS = new Map<OIDCAuthMethodType, OidcAppConfig["authMethod"]>([
  [OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_BASIC, "client_secret_basic"],
  [OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_POST, "client_secret_post"],
  [OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_NONE, "none"],
  [OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT, "private_key_jwt"],
]);
const API_METHODS = new Map<APIAuthMethodType, "client_secret_basic" | "private_key_jwt">([
  [APIAuthMethodType.API_AUTH_METHOD_TYPE_BASIC, "client_secret_basic"],
  [APIAuthMethodType.API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT, "private_key_jwt"],
]);
const keyOf = <K, V>(m: Map<K, V>, v: V): K => [...m].find(([, x]) => x === v)![0];

function oidcConfig(a: OIDCApp): OidcAppConfig {
  const responseTypes = a.responseTypes.length ? a.responseTypes.map((r) => RESPONSE_TYPES.get(r)!) : ["code" as const];
  return {
    redirectUris: a.redirectUris,
    postLogoutRedirectUris: a.postLogoutRedirectUris,
    responseTypes,
    grantTypes: a.grantTypes.length ? a.grantTypes.map((g) => GRANT_TYPES.get(g)!) : ["authorization_code"],
    appType: APP_TYPES.get(a.appType) ?? (a.authMethodType === OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_NONE ? "user_agent" : "web"),
    authMethod: AUTH_METHODS.get(a.authMethodType)!,
    accessTokenType: a.accessTokenType === OIDCTokenType.OIDC_TOKEN_TYPE_JWT ? "jwt" : "opaque",
    idTokenRoleAssertion: a.idTokenRoleAssertion,
    idTokenUserinfoAssertion: a.idTokenUserinfoAssertion,
    accessTokenRoleAssertion: a.accessTokenRoleAssertion,
    clockSkewMs: a.clockSkew ? durationMs(a.clockSkew) : 0,
    devMode: a.devMode,
  };
}

function appMessage(app: App): MessageInitShape<typeof GetAppSchema> {
  const details = orgResourceDetails(app.id, app.orgId, app.sequence, app.changedAt);
  if (app.api) {
    return {
      details,
      clientId: app.clientId,
      config: { case: "api", value: { projectId: app.projectId, name: app.name, authMethodType: keyOf(API_METHODS, app.api.authMethod) } },
    };
  }
  const c = app.oidc!;
  return {
    details,
    clientId: app.clientId,
    config: {
      case: "oidc",
      value: {
        projectId: app.projectId,
        name: app.name,
        redirectUris: c.redirectUris,
        postLogoutRedirectUris: c.postLogoutRedirectUris,
        responseTypes: c.responseTypes.map((r) => keyOf(RESPONSE_TYPES, r)),
        grantTypes: c.grantTypes.map((g) => keyOf(GRANT_TYPES, g)),
        appType: keyOf(APP_TYPES, c.appType),
        authMethodType: keyOf(AUTH_METHODS, c.authMethod),
        accessTokenType: c.accessTokenType === "jwt" ? OIDCTokenType.OIDC_TOKEN_TYPE_JWT : OIDCTokenType.OIDC_TOKEN_TYPE_BEARER,
        accessTokenRoleAssertion: c.accessTokenRoleAssertion,
        idTokenRoleAssertion: c.idTokenRoleAssertion,
        idTokenUserinfoAssertion: c.idTokenUserinfoAssertion,
        clockSkew: durationFromMs(c.clockSkewMs),
        devMode: c.devMode,
      },
    },
  };
}

/** The app, found, after checking the rpc's permission on its project. */
function checkedApp(call: RpcCall, id: string): App {
  const app = foundApp(call.core, actorOf(call), id);
  authorize(call, projectTarget({ id: app.projectId, orgId: app.orgId }));
  return app;
}

function searchOf(filters: AppSearchFilter[]) {
  const s = { projectIds: [] as string[], names: [] as TextMatch[] };
  for (const f of filters) {
    if (f.filter.case === "projectId") s.projectIds.push(f.filter.value.id);
    if (f.filter.case === "name") s.names.push(textMatch(f.filter.value.name, f.filter.value.method));
  }
  return s;
}

export function appsService(): ServiceDefinition {
  return defineService(SvcApps, "multitenancy_resources_api", {
    createOIDCApp(req, call) {
      checkedProject(call, req.app!.projectId);
      const { app, clientId, clientSecret } = createApp(call.core, actorOf(call), req.app!.projectId, req.app!.name, "oidc", oidcConfig(req.app!));
      return { details: appMessage(app).details, clientId, clientSecret: clientSecret ?? "" };
    },
    createAPIApp(req, call) {
      checkedProject(call, req.app!.projectId);
      const { app, clientId, clientSecret } = createApp(call.core, actorOf(call), req.app!.projectId, req.app!.name, "api", {
        authMethod: API_METHODS.get(req.app!.authMethodType)!,
      });
      return { details: appMessage(app).details, clientId, clientSecret: clientSecret ?? "" };
    },
    patchOIDCApp(req, call) {
      const p = req.app!;
      checkedApp(call, req.id);
      const { secret } = changeApp(call.core, actorOf(call), req.id, "oidc", {
        name: p.name,
        redirectUris: p.redirectUris.length ? p.redirectUris : undefined,
        postLogoutRedirectUris: p.postLogoutRedirectUris.length ? p.postLogoutRedirectUris : undefined,
        authMethod: p.authMethodType === undefined ? undefined : AUTH_METHODS.get(p.authMethodType),
        accessTokenType: p.accessTokenType === undefined ? undefined : p.accessTokenType === OIDCTokenType.OIDC_TOKEN_TYPE_JWT ? "jwt" : "opaque",
        devMode: p.devMode,
        responseTypes: p.responseTypes.length ? p.responseTypes.map((r) => RESPONSE_TYPES.get(r)!) : undefined,
        grantTypes: p.grantTypes.length ? p.grantTypes.map((g) => GRANT_TYPES.get(g)!) : undefined,
        accessTokenRoleAssertion: p.accessTokenRoleAssertion,
        idTokenRoleAssertion: p.idTokenRoleAssertion,
        idTokenUserinfoAssertion: p.idTokenUserinfoAssertion,
      });
      return { details: appMessage(foundApp(call.core, actorOf(call), req.id)).details, clientSecret: secret ?? "" };
    },
    patchAPIApp(req, call) {
      const p = req.app!;
      checkedApp(call, req.id);
      const { secret } = changeApp(call.core, actorOf(call), req.id, "api", {
        name: p.name,
        authMethod: p.authMethodType === undefined ? undefined : API_METHODS.get(p.authMethodType),
      });
      return { details: appMessage(foundApp(call.core, actorOf(call), req.id)).details, clientSecret: secret ?? "" };
    },
    getApp(req, call) {
      return { app: appMessage(checkedApp(call, req.id)) };
    },
    deleteApp(req, call) {
      const app = checkedApp(call, req.id);
      const e = removeApp(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(req.id, app.orgId, e.aggregateSequence, e.createdAt) };
    },
    searchApps(req, call) {
      const page = pageOf(req.query);
      const { total, rows } = searchApps(call.core.db, call.instance.id, { ...searchOf(req.filters), ...page }, readableBy(call));
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map(appMessage) };
    },
    regenerateClientSecret(req, call) {
      checkedApp(call, req.id);
      const { event, secret } = regenerateSecret(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(req.id, event.resourceOwner, event.aggregateSequence, event.createdAt), clientSecret: secret };
    },
    addAppKey(req, call) {
      checkedApp(call, req.appId);
      const { keyId, keyDetails } = addKey(call.core, actorOf(call), req.appId, req.key?.publicKey);
      return { details: appMessage(foundApp(call.core, actorOf(call), req.appId)).details, keyId, ...(keyDetails ? { keyDetails } : {}) };
    },
  });
}
