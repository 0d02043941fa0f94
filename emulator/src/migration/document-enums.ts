// The DataOrg enums of an app's and a user's settings and the emulator's values they stand for, one
// table each, read both ways: the export writes the enum (export-document.ts), the import reads it
// back (import-items.ts).

import type { OidcAppConfig } from "../domain/app/app.js";
import { Gender, OIDCAppType, OIDCAuthMethodType, OIDCGrantType, OIDCResponseType } from "../gen/svc/v1/v1/data_org_pb.js";

export const RESPONSE_TYPES: Readonly<Record<OidcAppConfig["responseTypes"][number], OIDCResponseType>> = {
  code: OIDCResponseType.OIDC_RESPONSE_TYPE_CODE,
  id_token: OIDCResponseType.OIDC_RESPONSE_TYPE_ID_TOKEN,
  "id_token token": OIDCResponseType.OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN,
};
export const GRANT_TYPES: Readonly<Record<OidcAppConfig["grantTypes"][number], OIDCGrantType>> = {
  authorization_code: OIDCGrantType.OIDC_GRANT_TYPE_AUTHORIZATION_CODE,
  implicit: OIDCGrantType.OIDC_GRANT_TYPE_IMPLICIT,
  refresh_token: OIDCGrantType.OIDC_GRANT_TYPE_REFRESH_TOKEN,
  "urn:ietf:params:oauth:grant-type:device_code": OIDCGrantType.OIDC_GRANT_TYPE_DEVICE_CODE,
  "urn:ietf:params:oauth:grant-type:token-exchange": OIDCGrantType.OIDC_GRANT_TYPE_TOKEN_EXCHANGE,
};
export const APP_TYPES: Readonly<Record<OidcAppConfig["appType"], OIDCAppType>> = {
  web: OIDCAppType.OIDC_APP_TYPE_WEB,
  user_agent: OIDCAppType.OIDC_APP_TYPE_USER_AGENT,
  native: OIDCAppType.OIDC_APP_TYPE_NATIVE,
};
export const AUTH_METHODS: Readonly<Record<OidcAppConfig["authMethod"], OIDCAuthMethodType>> = {
  client_secret_basic: OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_BASIC,
  client_secret_post: OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_POST,
  none: OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_NONE,
  private_key_jwt: OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT,
};
export const GENDERS: Readonly<Record<string, Gender>> = { female: Gender.FEMALE, male: Gender.MALE, diverse: Gender.DIVERSE };

/** A table read the other way: the emulator's value of each enum value it has. */
export function byEnum<K extends string, V extends number>(table: Readonly<Record<K, V>>): Partial<Record<V, K>> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [v, k])) as Partial<Record<V, K>>;
}
