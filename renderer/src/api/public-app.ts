// Which app a flow starts on (the OIDC flows screen and the users screen's "Sign in as"): a public one
// (auth method none) runs code + PKCE without a secret, so a first Run just works; a confidential app
// needs its secret typed (docs/behaviour.md, flows screen).

/** The auth method of a public client. */
export const PUBLIC_AUTH_METHOD = "OIDC_AUTH_METHOD_TYPE_NONE";

/** What the choice reads of an app (GetAppJson, or the flows screen's own shape). */
interface OidcApp {
  clientId?: string;
  oidc?: { authMethodType?: string };
}

/** The client id of the first public OIDC app among `apps`, else of the first OIDC app. */
export function preferredClientId(apps: readonly OidcApp[] | undefined): string | undefined {
  const oidc = (apps ?? []).filter((a) => a.oidc);
  return (oidc.find((a) => a.oidc?.authMethodType === PUBLIC_AUTH_METHOD) ?? oidc[0])?.clientId;
}

/** Whether the app needs a client secret (any auth method but none). */
export const needsSecretOf = (app: OidcApp | undefined) => !!app?.oidc?.authMethodType && app.oidc.authMethodType !== PUBLIC_AUTH_METHOD;
