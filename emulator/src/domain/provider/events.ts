// The provider aggregate's events (SMTP and SMS providers, owned by the instance). Secrets in the
// configuration (SMTP `password`, Twilio `token`) are sealed (store/sealed.ts).

import { eventType } from "../../store/event-type.js";
import type { Channel } from "./provider.js";

export const ProviderAdded = eventType<{ channel: Channel; config: Record<string, unknown> }>("provider", "provider.added");
/** The configuration fields that changed. */
export const ProviderChanged = eventType<{ config: Record<string, unknown> }>("provider", "provider.changed");
export const ProviderActivated = eventType<{ channel: Channel }>("provider", "provider.activated");
export const ProviderDeactivated = eventType<{ channel: Channel }>("provider", "provider.deactivated");
export const ProviderRemoved = eventType<{ channel: Channel }>("provider", "provider.removed");
