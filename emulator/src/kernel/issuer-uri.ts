// A registered URI may start with "{issuer}/": it stands for the instance's issuer followed by the rest
// (the default fixtures' demo app registers `{issuer}/ui/demo/callback`), so it follows the instance
// across ports, domains and imports. Stored, exported and imported as written; resolved when matched.

const PLACEHOLDER = "{issuer}";

export function isIssuerRelative(uri: string): boolean {
  return uri.startsWith(`${PLACEHOLDER}/`);
}

/** The URI a registered one stands for at `issuer` (itself when it does not start with "{issuer}/"). */
export function resolveIssuerUri(uri: string, issuer: string): string {
  return isIssuerRelative(uri) ? issuer + uri.slice(PLACEHOLDER.length) : uri;
}

/** Registered URIs as the field rules check them: "{issuer}/…" as the URI it is at an issuer, any issuer. */
export function asCheckedUris(value: unknown): unknown {
  return Array.isArray(value) ? value.map((v) => (typeof v === "string" ? resolveIssuerUri(v, "https://issuer.invalid") : v)) : value;
}
