// Auth request commands: add one (anonymous: nobody is signed in yet), record the session that
// completed it (with a new one-time code for the code flow), and mark its code exchanged.

import { randomPooled } from "../../kernel/random-pool.js";
import type { Actor, Core, GivenId } from "../core.js";
import { seal } from "../../store/sealed.js";
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

export function exchangeAuthRequestCode(core: Core, actor: Actor, req: AuthRequest): void {
  core.events.command(() => [AuthRequestCodeExchanged.event(actor, req.id, req.instanceId, {})]);
}
