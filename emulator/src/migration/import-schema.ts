// The shape of an import document: proto3 JSON of zitadel.v1.v1.ImportDataOrg (wire-facts 7.2, 7.3),
// field by field, so that every wrong type, unknown field or unknown enum value is reported with its
// path before anything is written. Field names are lowerCamel (proto3 JSON also reads the snake_case
// names: validate-import.ts accepts both). Enums read by name or number. The admin DataOrg's own
// fields (domainPolicy, orgState, the OTP message texts) are declared too, so an export imports as is.

export type Spec =
  | "string"
  | "bool"
  | "uint"
  | "bytes"
  | "duration"
  | "timestamp"
  /** A message the emulator keeps nothing of (texts, login version): any JSON object, depth-checked. */
  | "object"
  /** Names by number; "" marks a number the enum does not have. */
  | { enum: readonly string[] }
  | { fields: Fields }
  | { list: Spec };
export type Fields = Readonly<Record<string, Spec>>;

const list = (s: Spec): Spec => ({ list: s });
const msg = (fields: Fields): Spec => ({ fields });
const enumOf = (...names: string[]): Spec => ({ enum: names });

const GENDER = enumOf("GENDER_UNSPECIFIED", "GENDER_FEMALE", "GENDER_MALE", "GENDER_DIVERSE");
export const USER_STATES = [
  "USER_STATE_UNSPECIFIED",
  "USER_STATE_ACTIVE",
  "USER_STATE_INACTIVE",
  "USER_STATE_DELETED",
  "USER_STATE_LOCKED",
  "USER_STATE_SUSPEND",
  "USER_STATE_INITIAL",
];
const USER_STATE = enumOf(...USER_STATES);
export const OIDC_RESPONSE_TYPES = ["OIDC_RESPONSE_TYPE_CODE", "OIDC_RESPONSE_TYPE_ID_TOKEN", "OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN"];
export const OIDC_GRANT_TYPES = [
  "OIDC_GRANT_TYPE_AUTHORIZATION_CODE",
  "OIDC_GRANT_TYPE_IMPLICIT",
  "OIDC_GRANT_TYPE_REFRESH_TOKEN",
  "OIDC_GRANT_TYPE_DEVICE_CODE",
  "OIDC_GRANT_TYPE_TOKEN_EXCHANGE",
];
export const OIDC_APP_TYPES = ["OIDC_APP_TYPE_WEB", "OIDC_APP_TYPE_USER_AGENT", "OIDC_APP_TYPE_NATIVE"];
export const OIDC_AUTH_METHODS = [
  "OIDC_AUTH_METHOD_TYPE_BASIC",
  "OIDC_AUTH_METHOD_TYPE_POST",
  "OIDC_AUTH_METHOD_TYPE_NONE",
  "OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT",
];
export const OIDC_TOKEN_TYPES = ["OIDC_TOKEN_TYPE_BEARER", "OIDC_TOKEN_TYPE_JWT"];
export const API_AUTH_METHODS = ["API_AUTH_METHOD_TYPE_BASIC", "API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT"];
export const ACCESS_TOKEN_TYPES = ["ACCESS_TOKEN_TYPE_BEARER", "ACCESS_TOKEN_TYPE_JWT"];
const KEY_TYPE = enumOf("KEY_TYPE_UNSPECIFIED", "KEY_TYPE_JSON");
const PRIVATE_LABELING = enumOf(
  "PRIVATE_LABELING_SETTING_UNSPECIFIED",
  "PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY",
  "PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY",
);
const IDP_OWNER = enumOf("IDP_OWNER_TYPE_UNSPECIFIED", "IDP_OWNER_TYPE_SYSTEM", "IDP_OWNER_TYPE_ORG");
const STYLING = enumOf("STYLING_TYPE_UNSPECIFIED", "STYLING_TYPE_GOOGLE");
const MAPPING = enumOf("OIDC_MAPPING_FIELD_UNSPECIFIED", "OIDC_MAPPING_FIELD_PREFERRED_USERNAME", "OIDC_MAPPING_FIELD_EMAIL");
const ORG_STATE = enumOf("ORG_STATE_UNSPECIFIED", "ORG_STATE_ACTIVE", "ORG_STATE_INACTIVE", "ORG_STATE_REMOVED");

const messageText = msg({
  language: "string",
  title: "string",
  preHeader: "string",
  subject: "string",
  greeting: "string",
  text: "string",
  buttonText: "string",
  footerText: "string",
});

const humanUser = msg({
  userName: "string",
  profile: msg({ firstName: "string", lastName: "string", nickName: "string", displayName: "string", preferredLanguage: "string", gender: GENDER }),
  email: msg({ email: "string", isEmailVerified: "bool" }),
  phone: msg({ phone: "string", isPhoneVerified: "bool" }),
  password: "string",
  // `algorithm` (field 2) was removed from the product's proto; old exports still carry it and it is ignored.
  hashedPassword: msg({ value: "string", algorithm: "string" }),
  passwordChangeRequired: "bool",
  requestPasswordlessRegistration: "bool",
  otpCode: "string",
  idps: list(msg({ configId: "string", externalUserId: "string", displayName: "string" })),
});

const oidcApp = msg({
  projectId: "string",
  name: "string",
  redirectUris: list("string"),
  responseTypes: list(enumOf(...OIDC_RESPONSE_TYPES)),
  grantTypes: list(enumOf(...OIDC_GRANT_TYPES)),
  appType: enumOf(...OIDC_APP_TYPES),
  authMethodType: enumOf(...OIDC_AUTH_METHODS),
  postLogoutRedirectUris: list("string"),
  version: enumOf("OIDC_VERSION_1_0"),
  devMode: "bool",
  accessTokenType: enumOf(...OIDC_TOKEN_TYPES),
  accessTokenRoleAssertion: "bool",
  idTokenRoleAssertion: "bool",
  idTokenUserinfoAssertion: "bool",
  clockSkew: "duration",
  additionalOrigins: list("string"),
  skipNativeAppSuccessPage: "bool",
  backChannelLogoutUri: "string",
  loginVersion: "object",
});

const loginPolicy = msg({
  allowUsernamePassword: "bool",
  allowRegister: "bool",
  allowExternalIdp: "bool",
  forceMfa: "bool",
  passwordlessType: enumOf("PASSWORDLESS_TYPE_NOT_ALLOWED", "PASSWORDLESS_TYPE_ALLOWED"),
  hidePasswordReset: "bool",
  ignoreUnknownUsernames: "bool",
  defaultRedirectUri: "string",
  passwordCheckLifetime: "duration",
  externalLoginCheckLifetime: "duration",
  mfaInitSkipLifetime: "duration",
  secondFactorCheckLifetime: "duration",
  multiFactorCheckLifetime: "duration",
  secondFactors: list(
    enumOf("SECOND_FACTOR_TYPE_UNSPECIFIED", "SECOND_FACTOR_TYPE_OTP", "SECOND_FACTOR_TYPE_U2F", "SECOND_FACTOR_TYPE_OTP_EMAIL", "SECOND_FACTOR_TYPE_OTP_SMS"),
  ),
  multiFactors: list(enumOf("MULTI_FACTOR_TYPE_UNSPECIFIED", "MULTI_FACTOR_TYPE_U2F_WITH_VERIFICATION")),
  idps: list(msg({ idpId: "string", ownerType: IDP_OWNER })),
  allowDomainDiscovery: "bool",
  disableLoginWithEmail: "bool",
  disableLoginWithPhone: "bool",
  forceMfaLocalOnly: "bool",
});

/** One entry of `orgs`: zitadel.v1.v1.DataOrg, plus the admin DataOrg's fields of other names. */
export const DATA_ORG: Fields = {
  orgId: "string",
  org: msg({ name: "string" }),
  iamPolicy: msg({ orgId: "string", userLoginMustBeDomain: "bool" }),
  domainPolicy: msg({ orgId: "string", userLoginMustBeDomain: "bool", validateOrgDomains: "bool", smtpSenderAddressMatchesInstanceDomain: "bool" }),
  labelPolicy: msg({
    primaryColor: "string",
    hideLoginNameSuffix: "bool",
    warnColor: "string",
    backgroundColor: "string",
    fontColor: "string",
    primaryColorDark: "string",
    backgroundColorDark: "string",
    warnColorDark: "string",
    fontColorDark: "string",
    disableWatermark: "bool",
    themeMode: enumOf("THEME_MODE_UNSPECIFIED", "THEME_MODE_AUTO", "THEME_MODE_LIGHT", "THEME_MODE_DARK"),
  }),
  lockoutPolicy: msg({ maxPasswordAttempts: "uint", maxOtpAttempts: "uint" }),
  loginPolicy,
  passwordComplexityPolicy: msg({ minLength: "uint", hasUppercase: "bool", hasLowercase: "bool", hasNumber: "bool", hasSymbol: "bool" }),
  privacyPolicy: msg({
    tosLink: "string",
    privacyLink: "string",
    helpLink: "string",
    supportEmail: "string",
    docsLink: "string",
    customLink: "string",
    customLinkText: "string",
  }),
  projects: list(
    msg({
      projectId: "string",
      project: msg({
        name: "string",
        projectRoleAssertion: "bool",
        projectRoleCheck: "bool",
        hasProjectCheck: "bool",
        privateLabelingSetting: PRIVATE_LABELING,
      }),
    }),
  ),
  projectRoles: list(msg({ projectId: "string", roleKey: "string", displayName: "string", group: "string" })),
  apiApps: list(msg({ appId: "string", app: msg({ projectId: "string", name: "string", authMethodType: enumOf(...API_AUTH_METHODS) }) })),
  oidcApps: list(msg({ appId: "string", app: oidcApp })),
  humanUsers: list(msg({ userId: "string", user: humanUser, state: USER_STATE })),
  machineUsers: list(
    msg({
      userId: "string",
      user: msg({ userName: "string", name: "string", description: "string", accessTokenType: enumOf(...ACCESS_TOKEN_TYPES), userId: "string" }),
      state: USER_STATE,
    }),
  ),
  // Management's SetTriggerActionsRequest names the enums as strings, v1's as enums: either reads.
  triggerActions: list(msg({ flowType: "object", triggerType: "object", actionIds: list("string") })),
  actions: list(msg({ actionId: "string", action: msg({ name: "string", script: "string", timeout: "duration", allowedToFail: "bool" }) })),
  projectGrants: list(msg({ grantId: "string", projectGrant: msg({ projectId: "string", grantedOrgId: "string", roleKeys: list("string") }) })),
  userGrants: list(msg({ userId: "string", projectId: "string", projectGrantId: "string", roleKeys: list("string") })),
  orgMembers: list(msg({ userId: "string", roles: list("string") })),
  projectMembers: list(msg({ projectId: "string", userId: "string", roles: list("string") })),
  projectGrantMembers: list(msg({ projectId: "string", grantId: "string", userId: "string", roles: list("string") })),
  userMetadata: list(msg({ id: "string", key: "string", value: "bytes" })),
  loginTexts: list("object"),
  initMessages: list(messageText),
  passwordResetMessages: list(messageText),
  verifyEmailMessages: list(messageText),
  verifyPhoneMessages: list(messageText),
  domainClaimedMessages: list(messageText),
  passwordlessRegistrationMessages: list(messageText),
  inviteUserMessages: list(messageText),
  verifySmsOtpMessages: list(messageText),
  verifyEmailOtpMessages: list(messageText),
  oidcIdps: list(
    msg({
      idpId: "string",
      idp: msg({
        name: "string",
        stylingType: STYLING,
        clientId: "string",
        clientSecret: "string",
        issuer: "string",
        scopes: list("string"),
        displayNameMapping: MAPPING,
        usernameMapping: MAPPING,
        autoRegister: "bool",
      }),
    }),
  ),
  jwtIdps: list(
    msg({
      idpId: "string",
      idp: msg({
        name: "string",
        stylingType: STYLING,
        jwtEndpoint: "string",
        issuer: "string",
        keysEndpoint: "string",
        headerName: "string",
        autoRegister: "bool",
      }),
    }),
  ),
  secondFactors: list(msg({ type: "object" })),
  multiFactors: list(msg({ type: "object" })),
  idps: list(msg({ idpId: "string", ownerType: IDP_OWNER })),
  userLinks: list(
    msg({
      userId: "string",
      idpId: "string",
      idpName: "string",
      providedUserId: "string",
      providedUserName: "string",
      idpType: enumOf("IDP_TYPE_UNSPECIFIED", "IDP_TYPE_OIDC", "", "IDP_TYPE_JWT"),
    }),
  ),
  domains: list(
    msg({
      orgId: "string",
      details: "object",
      domainName: "string",
      isVerified: "bool",
      isPrimary: "bool",
      validationType: enumOf("DOMAIN_VALIDATION_TYPE_UNSPECIFIED", "DOMAIN_VALIDATION_TYPE_HTTP", "DOMAIN_VALIDATION_TYPE_DNS"),
    }),
  ),
  appKeys: list(
    msg({ id: "string", projectId: "string", appId: "string", clientId: "string", type: KEY_TYPE, expirationDate: "timestamp", publicKey: "bytes" }),
  ),
  machineKeys: list(msg({ keyId: "string", userId: "string", type: KEY_TYPE, expirationDate: "timestamp", publicKey: "bytes" })),
  orgState: ORG_STATE,
};
