// Auth request commands: add one (anonymous: nobody is signed in yet), record the session that
// completed it (with a new one-time code for the code flow); the events of its code exchanged and of
// an implicit request finished, decided in the commit of the tokens they give.

import { randomPooled } from "../../kernel/random-pool.js";
import type { Actor, Core, GivenId } from "../core.js";
import type { NewEvent } from "../../store/event.js";
import { seal } from "../../store/sealed.js";
import { getAuthRequest } from "./queries.js";
import { CODE_LIFETIME_MS, type AuthRequest, type AuthorizeParams } from "./auth-request.js";
import { AuthRequestAdded, AuthRequestCodeExchanged, AuthRequestSucceeded } from "./events.js";

/** Adds the request; its creator is the actor's user ("ANONYMOUS" from the authorize endpoint). */
export function addAuthRequest(core: Core, actor: Actor, params: AuthorizeParams, opts: GivenId = {}): string {
  const id = opts.id ?? core.ids.next();
  core.events.command(() => [AuthRequestAdded.event(actor, id, actor.instanceId, { ...params })]);
  return id;
}

/** Records the session that completed the request, and a new code for the code flow (returned). */
export function succeedAuthRequest(core: Core, actor: Actor, req: AuthRequest, sessionId: string, withCode: boolean): string | undefined {
  const code = withCode ? randomPooled(32).toString("base64url") : undefined;
  const codeExpiresAt = withCode ? new Date(core.clock.nowMs() + CODE_LIFETIME_MS).toISOString() : undefined;
  core.events.command(() => [
    AuthRequestSucceeded.event(actor, req.id, req.instanceId, { sessionId, ...(code ? { code: seal(core.db, code), codeExpiresAt } : {}) }),
  ]);
  return code;
}

/**
 * The event that spends the request's code, decided inside the commit of the tokens it gives (so both
 * are written or neither): the request is read again there, and a code spent meanwhile by a concurrent
 * exchange (or pruned) answers undefined.
 */
export function codeExchangeEvents(core: Core, actor: Actor, req: AuthRequest): NewEvent[] | undefined {
  const now = getAuthRequest(core.db, req.instanceId, req.id);
  if (!now?.code || now.codeUsed) return undefined;
  return [AuthRequestCodeExchanged.event(actor, req.id, req.instanceId, {})];
}

/**
 * The event that finishes an implicit-flow request with the session, decided inside the commit of the
 * tokens it gives; undefined when the request was finished meanwhile (or pruned).
 */
export function implicitSuccessEvents(core: Core, actor: Actor, req: AuthRequest, sessionId: string): NewEvent[] | undefined {
  const now = getAuthRequest(core.db, req.instanceId, req.id);
  if (!now || now.sessionId) return undefined;
  return [AuthRequestSucceeded.event(actor, req.id, req.instanceId, { sessionId })];
}
