// The auth request aggregate's events: added with its parameters, succeeded (signed in, with the
// code of the code flow, sealed), and its code exchanged once.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { AuthorizeParams } from "./auth-request.js";

export const AUTH_REQUEST = "auth_request";

export const AuthRequestAdded = eventType<AuthorizeParams>(AUTH_REQUEST, "oidc.auth_request.added");
export const AuthRequestSucceeded = eventType<{ sessionId: string; code?: Sealed | string; codeExpiresAt?: string }>(
  AUTH_REQUEST,
  "oidc.auth_request.succeeded",
);
export const AuthRequestCodeExchanged = eventType<Record<string, never>>(AUTH_REQUEST, "oidc.auth_request.code_exchanged");
