// The error `type` of each part of a DataOrg and the error `id` the product gives an item of it
// (wire-facts 7.4: ids as given; composite ids joined with "_"). Validation and import use the same.

type Item = Record<string, unknown>;
const s = (v: unknown) => (typeof v === "string" ? v : "");
const sub = (item: Item, key: string): Item => (item[key] && typeof item[key] === "object" ? (item[key] as Item) : {});

export const ERROR_TYPES: Readonly<Record<string, string>> = {
  org: "org",
  orgId: "org",
  orgState: "org",
  iamPolicy: "domain_policy",
  domainPolicy: "domain_policy",
  domains: "domain",
  domain_isverified: "domain_isverified",
  domain_isprimary: "domain_isprimary",
  labelPolicy: "label_policy",
  lockoutPolicy: "lockout_policy",
  oidcIdps: "oidc_idp",
  jwtIdps: "jwt_idp",
  loginPolicy: "login_policy",
  secondFactors: "login_policy",
  multiFactors: "login_policy",
  idps: "login_policy",
  passwordComplexityPolicy: "password_complexity_policy",
  privacyPolicy: "privacy_policy",
  loginTexts: "login_texts",
  initMessages: "init_message",
  passwordResetMessages: "password_reset_message",
  verifyEmailMessages: "verify_email_message",
  verifyPhoneMessages: "verify_phone_message",
  verifySmsOtpMessages: "verify_sms_otp_message",
  verifyEmailOtpMessages: "verify_email_otp_message",
  domainClaimedMessages: "domain_claimed_message",
  passwordlessRegistrationMessages: "passwordless_registration_message",
  inviteUserMessages: "invite_user_messages",
  humanUsers: "human_user",
  machineUsers: "machine_user",
  userMetadata: "user_metadata",
  machineKeys: "machine_user_key",
  userLinks: "user_link",
  projects: "project",
  oidcApps: "oidc_app",
  apiApps: "api_app",
  appKeys: "app_key",
  actions: "action",
  projectRoles: "project_role",
  triggerActions: "trigger_action",
  projectGrants: "project_grant",
  userGrants: "user_grant",
  orgMembers: "org_member",
  projectGrantMembers: "project_grant_member",
  projectMembers: "project_member",
};

/** The product's error id of one item of `field` in the org `orgId` (its proto3 JSON, or the decoded message: the names read are the same). */
export function itemId(field: string, orgId: string, of: object): string {
  const item = of as Item;
  switch (field) {
    case "domains":
    case "domain_isverified":
    case "domain_isprimary":
      return `${orgId}_${s(item.domainName)}`;
    case "humanUsers":
    case "machineUsers":
      return s(item.userId);
    case "userMetadata":
      return `${s(item.id)}_${s(item.key)}`;
    case "machineKeys":
      return s(item.keyId);
    case "userLinks":
      return `${s(item.userId)}_${s(item.idpId)}`;
    case "projects":
      return s(item.projectId);
    case "oidcApps":
    case "apiApps":
      return s(item.appId);
    case "appKeys":
      return s(item.id);
    case "actions":
      return s(item.actionId);
    case "oidcIdps":
    case "jwtIdps":
      return s(item.idpId);
    case "projectRoles":
      return `${s(item.projectId)}_${s(item.roleKey)}`;
    case "triggerActions":
      return `${s(item.flowType)}_${s(item.triggerType)}`;
    case "projectGrants": {
      const g = sub(item, "projectGrant");
      return `${orgId}_${s(g.projectId)}_${s(g.grantedOrgId)}`;
    }
    case "userGrants":
      return `${orgId}_${s(item.projectId)}_${s(item.userId)}`;
    case "orgMembers":
      return `${orgId}_${s(item.userId)}`;
    case "projectMembers":
      return `${orgId}_${s(item.projectId)}_${s(item.userId)}`;
    case "projectGrantMembers":
      return `${orgId}_${s(item.projectId)}_${s(item.grantId)}_${s(item.userId)}`;
    default:
      // Texts: <orgId>_<language>; policies and the org itself: the org id.
      return typeof item.language === "string" ? `${orgId}_${item.language}` : orgId;
  }
}

/** The lists of a DataOrg the import carries into the emulator (besides the org itself), in the product's order. */
export const CARRIED_KINDS = [
  "domains",
  "humanUsers",
  "machineUsers",
  "userMetadata",
  "machineKeys",
  "projects",
  "oidcApps",
  "apiApps",
  "appKeys",
  "projectRoles",
  "projectGrants",
  "userGrants",
  "orgMembers",
  "projectGrantMembers",
  "projectMembers",
] as const;

/** The DataOrg fields the import engine turns into emulator objects (import-items.ts). */
export const CARRIED_FIELDS = ["orgId", "org", "orgState", ...CARRIED_KINDS] as const;
