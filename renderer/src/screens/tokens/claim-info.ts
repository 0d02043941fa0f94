// What each claim means and where it comes from, in plain words (research §1.4): registered JWT
// claims (RFC 7519), OpenID Connect claims, the platform's reserved urn:svc:iam:… claims, the role
// mapping of project roles, OAuth claims; anything else is not the platform's own: an action's
// function (preaccesstoken / preuserinfo) or another issuer added it.

export type ClaimSource = "registered" | "oidc" | "oauth" | "reserved" | "role mapping" | "custom";

export interface ClaimInfo {
  source: ClaimSource;
  description: string;
}

const REGISTERED: Record<string, string> = {
  iss: "Issuer: who issued the token (the instance's issuer URL)",
  sub: "Subject: the user (or machine user) the token is about",
  aud: "Audience: who the token is meant for (client id and project ids)",
  exp: "Expiration time: not valid at or after this time",
  nbf: "Not before: not valid before this time",
  iat: "Issued at: when the token was issued",
  jti: "JWT id: the token's unique id (the emulator's token record)",
};

const OIDC: Record<string, string> = {
  auth_time: "When the user last authenticated",
  nonce: "The nonce of the authorization request, echoed against replay",
  acr: "Authentication context class reference",
  amr: "Authentication methods used (pwd: password, otp, mfa, …)",
  azp: "Authorized party: the client the token was issued to",
  at_hash: "Access token hash: left half of SHA-256 of the access token, base64url",
  c_hash: "Code hash: left half of SHA-256 of the authorization code",
  sid: "Session id: the login session the token belongs to",
  name: "Full name (profile scope)",
  given_name: "Given name (profile scope)",
  family_name: "Family name (profile scope)",
  middle_name: "Middle name (profile scope)",
  nickname: "Nickname (profile scope)",
  preferred_username: "Login name (profile scope)",
  profile: "Profile page URL (profile scope)",
  picture: "Picture URL (profile scope)",
  website: "Web site (profile scope)",
  gender: "Gender (profile scope)",
  birthdate: "Birth date (profile scope)",
  zoneinfo: "Time zone (profile scope)",
  locale: "Preferred language (profile scope)",
  updated_at: "When the profile last changed (profile scope)",
  email: "Email address (email scope)",
  email_verified: "Whether the email address is verified (email scope)",
  phone_number: "Phone number (phone scope)",
  phone_number_verified: "Whether the phone number is verified (phone scope)",
  address: "Postal address (address scope)",
};

const OAUTH: Record<string, string> = {
  scope: "The scopes granted",
  client_id: "The client the token was issued to",
  act: "Actor: who acts on behalf of the subject (token exchange)",
  may_act: "Who may act on behalf of the subject (token exchange)",
  token_type: "The token's type",
  username: "The user's login name (introspection)",
  active: "Whether the token is active now (introspection)",
};

const RESERVED: [RegExp, string][] = [
  [/^urn:svc:iam:user:resourceowner:id$/, "The id of the org the user belongs to (resourceowner scope)"],
  [/^urn:svc:iam:user:resourceowner:name$/, "The name of the user's org (resourceowner scope)"],
  [/^urn:svc:iam:user:resourceowner:primary_domain$/, "The primary domain of the user's org (resourceowner scope)"],
  [/^urn:svc:iam:user:metadata$/, "The user's metadata, values base64url (urn:svc:iam:user:metadata scope)"],
  [/^urn:svc:iam:org:id$/, "The org the sign-in was restricted to (urn:svc:iam:org:id:{id} scope)"],
  [/^urn:svc:iam:org:domain:primary$/, "The org domain the sign-in was restricted to (urn:svc:iam:org:domain:primary:{domain} scope)"],
];

const ROLES = /^urn:svc:iam:org:project:(?:(.+):)?roles$/;

/** The table's own entry only: a claim named `constructor` or `toString` is not one of Object's. */
const own = (table: Record<string, string>, name: string) => (Object.hasOwn(table, name) ? table[name] : undefined);

export function claimInfo(name: string): ClaimInfo {
  for (const [source, table] of [
    ["registered", REGISTERED],
    ["oidc", OIDC],
    ["oauth", OAUTH],
  ] as const) {
    const description = own(table, name);
    if (description) return { source, description };
  }
  const roles = ROLES.exec(name);
  if (roles) {
    const of = roles[1] ? `project ${roles[1]}` : "the client's project";
    return {
      source: "role mapping",
      description:
        `The user's roles in ${of}: role key → {org id: org domain}. ` +
        "Asserted by the project's role assertion, the app's role assertion or a urn:svc:iam:org:project:role:{key} scope",
    };
  }
  for (const [re, description] of RESERVED) if (re.test(name)) return { source: "reserved", description };
  if (name.startsWith("urn:svc:iam:")) return { source: "reserved", description: "A reserved claim of the platform" };
  return { source: "custom", description: "Not a registered, OIDC or reserved claim: an action's function (preaccesstoken / preuserinfo) adds such claims" };
}

export const SOURCE_LABEL: Record<ClaimSource, string> = {
  registered: "registered (RFC 7519)",
  oidc: "OpenID Connect",
  oauth: "OAuth 2.0",
  reserved: "reserved urn:svc:iam",
  "role mapping": "role mapping (project roles)",
  custom: "custom / action function",
};

/** Claims whose value is a time in seconds since the epoch. */
export const TIME_CLAIMS = new Set(["exp", "nbf", "iat", "auth_time", "updated_at"]);
