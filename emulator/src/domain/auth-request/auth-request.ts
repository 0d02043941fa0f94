// Authorization requests between /oauth/v2/authorize and the token endpoint: the validated
// parameters, the login session that completed them, and the one-time code.

export const CODE_LIFETIME_MS = 10 * 60_000;

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  responseType: "code" | "id_token" | "id_token token";
  responseMode: "query" | "fragment" | "form_post";
  scope: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  prompt: string[];
  maxAge?: number;
  loginHint?: string;
  idTokenHintSub?: string;
  uiLocales: string[];
  /** Set when the request signs a user in to decide on a device authorization (RFC 8628), not to answer a redirect URI. */
  deviceAuthorizationId?: string;
}

export interface AuthRequest {
  id: string;
  instanceId: string;
  params: AuthorizeParams;
  sessionId: string | null;
  code: string | null;
  codeExpiresAt: string | null;
  codeUsed: boolean;
  createdAt: string;
}
