// The app aggregate's events: OIDC and API apps of a project, their client secrets (as sealed
// digests, store/sealed.ts) and public keys. Type names and payloads are those stored since the
// first schema; existing data dirs replay them.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";
import type { ApiAppConfig, OidcAppConfig } from "./app.js";

const AGGREGATE = "app";

export interface AppAddedPayload {
  projectId: string;
  name: string;
  kind: "oidc" | "api";
  clientId: string;
  /** Present when the app authenticates with a client secret. */
  secretHash?: Sealed;
  config: OidcAppConfig | ApiAppConfig;
}

export const AppAdded = eventType<AppAddedPayload>(AGGREGATE, "app.added");
/** The name and configuration fields that changed; a secret when a switch of method needs one. */
export const AppChanged = eventType<{ name?: string; secretHash?: Sealed } & Partial<OidcAppConfig | ApiAppConfig>>(AGGREGATE, "app.changed");
export const AppRemoved = eventType<Record<string, never>>(AGGREGATE, "app.removed");
export const AppSecretChanged = eventType<{ secretHash: Sealed }>(AGGREGATE, "app.secret.changed");
export const AppKeyAdded = eventType<{ keyId: string; publicJwk: object; expiresAt?: string }>(AGGREGATE, "app.key.added");
