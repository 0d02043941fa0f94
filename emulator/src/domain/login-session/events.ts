// The login session aggregate's events: added when a user signs in, terminated once.

import { eventType } from "../../store/event-type.js";
import type { Sealed } from "../../store/sealed.js";

export const LOGIN_SESSION = "login_session";

export const LoginSessionAdded = eventType<{ userAgentId: Sealed | string; userId: string; amr: string[] }>(LOGIN_SESSION, "login_session.added");
export const LoginSessionTerminated = eventType<Record<string, never>>(LOGIN_SESSION, "login_session.terminated");
