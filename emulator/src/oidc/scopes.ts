// Which requested scopes a token is granted (wire-facts 6.3): the standard OpenID Connect scopes and
// the reserved `urn:svc:iam:` scopes the emulator knows. Any other scope (a custom one, or the
// product's own `urn:zitadel:…` names) is dropped silently, as the product drops scopes a client may
// not use, instead of being echoed back in the granted scope.

const STANDARD = new Set(["openid", "profile", "email", "phone", "address", "offline_access"]);

const RESERVED = new Set(["urn:svc:iam:user:metadata", "urn:svc:iam:user:resourceowner", "urn:svc:iam:org:projects:roles"]);

/** Reserved scopes that carry a value (an id, a domain, a role key). */
const RESERVED_PREFIXES = [
  "urn:svc:iam:org:project:role:",
  "urn:svc:iam:org:id:",
  "urn:svc:iam:org:domain:primary:",
  "urn:svc:iam:org:roles:id:",
  "urn:svc:iam:org:idp:id:",
];
const PROJECT_AUDIENCE = /^urn:svc:iam:org:project:id:[^:]+:aud$/;

export function isPermittedScope(scope: string): boolean {
  if (STANDARD.has(scope) || RESERVED.has(scope) || PROJECT_AUDIENCE.test(scope)) return true;
  return RESERVED_PREFIXES.some((p) => scope.startsWith(p) && scope.length > p.length);
}

/** The requested scopes a token may carry, in request order, without duplicates. */
export function permittedScopes(scopes: string[]): string[] {
  return [...new Set(scopes.filter(isPermittedScope))];
}
