// Login session commands: signing a user in on a user agent (ending an earlier session of the same
// user there), and ending sessions, which revokes every token issued in them, in one step.

import type { Actor, Core, GivenId } from "../core.js";
import type { StoredEvent } from "../../store/event.js";
import { seal } from "../../store/sealed.js";
import { tokensRevokedEvents } from "../token/commands.js";
import { tokensWhere } from "../token/queries.js";
import { LoginSessionAdded, LoginSessionTerminated } from "./events.js";
import type { LoginSession } from "./login-session.js";
import { activeSessions, getLoginSession } from "./queries.js";

/** Signs `userId` in on a user agent: a new session, ending an earlier one of the same user there. */
export function addLoginSession(core: Core, actor: Actor, userAgentId: string, userId: string, amr: string[], opts: GivenId = {}): LoginSession {
  const id = opts.id ?? core.ids.next();
  core.events.command(() => {
    const earlier = activeSessions(core.db, actor.instanceId, userAgentId).filter((s) => s.userId === userId);
    return [
      ...earlier.map((s) => LoginSessionTerminated.event(actor, s.id, s.instanceId, {})),
      LoginSessionAdded.event(actor, id, actor.instanceId, { userAgentId: seal(core.db, userAgentId), userId, amr }),
    ];
  });
  return getLoginSession(core.db, actor.instanceId, id)!;
}

/** A session to end and who ends it. */
export interface SessionEnd {
  session: LoginSession;
  actor: Actor;
}

/**
 * Ends sessions: each open one is terminated, and every token issued in any of them is revoked
 * (also for a session ended before, whose tokens may have outlived it). Returns the events.
 */
export function terminateLoginSessions(core: Core, ends: SessionEnd[]): StoredEvent[] {
  return core.events.command(() => [
    ...ends
      .filter(({ session }) => !session.terminatedAt)
      .map(({ session, actor }) => LoginSessionTerminated.event({ ...actor, instanceId: session.instanceId }, session.id, session.instanceId, {})),
    ...ends.flatMap(({ session, actor }) => tokensRevokedEvents(actor, tokensWhere(core.db, "session_id", session.id))),
  ]);
}
