// IDP commands: create in a context, change the configuration (only in the owning context; it is
// read-only in child contexts), set a context's state policy, remove (from the owning context).

import type { Actor, Core, GivenId } from "../core.js";
import { Code, SvcError, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event.js";
import type { Context } from "../context/context.js";
import { IdpAdded, IdpChanged, IdpRemoved, IdpStatePolicySet, type IdpChangedPayload } from "./events.js";
import { availableIn, sameContext, type Idp, type Policy } from "./idp.js";
import { getIdp } from "./queries.js";

const idpNotFound = () => notFound("IDP-not-found", "Identity provider not found");

/** The actor acting on an IDP: its events are in the IDP's instance ("SYSTEM" for the system's). */
const onIdp = (actor: Actor, idp: Pick<Idp, "instanceId">): Actor => ({ ...actor, instanceId: idp.instanceId });

/** The IDP, when it exists and is available in `ctx`. */
export function foundIdp(core: Core, id: string, ctx: Context): Idp {
  const idp = getIdp(core.db, ctx.instanceId ?? "SYSTEM", id);
  if (!idp || !availableIn(idp, ctx)) throw idpNotFound();
  return idp;
}

/** `opts.id`: keep a given id (seed, import); else a new one. */
export function createIdp(
  core: Core,
  actor: Actor,
  ctx: Context,
  input: Pick<Idp, "name" | "config" | "options"> & { policy: Policy },
  opts: GivenId = {},
): StoredEvent {
  const id = opts.id ?? core.ids.next();
  const [added] = core.events.command(() => [
    IdpAdded.event(onIdp(actor, { instanceId: ctx.instanceId ?? "SYSTEM" }), id, ctx.id, {
      ownerType: ctx.type,
      ownerId: ctx.id,
      name: input.name,
      providerType: "gitlab",
      config: input.config,
      options: input.options,
      ownState: input.policy === "deactivate" ? "inactive" : "active",
    }),
  ]);
  return added!;
}

export interface IdpChange {
  name?: string;
  config?: Partial<Idp["config"]>;
  options?: Idp["options"];
  policy?: Policy;
}

/** Applies a patch in `ctx`: configuration and own state in the owning context, only the state policy in a child context. */
export function changeIdp(core: Core, actor: Actor, id: string, ctx: Context, change: IdpChange): StoredEvent[] {
  return core.events.command(() => {
    const idp = foundIdp(core, id, ctx);
    const owning = sameContext(ctx, idp.owner);
    const configures = change.name !== undefined || change.config !== undefined || change.options !== undefined;
    if (!owning && configures) {
      throw new SvcError(
        Code.FailedPrecondition,
        "IDP-read-only",
        `The identity provider belongs to the ${idp.owner.type} context; ` +
          `its configuration is read-only in the ${ctx.type} context, where only state_policy can change`,
      );
    }
    if (owning) {
      const diff: IdpChangedPayload = {};
      if (change.name !== undefined && change.name !== idp.name) diff.name = change.name;
      if (change.config) {
        const config = { ...idp.config, ...Object.fromEntries(Object.entries(change.config).filter(([, v]) => v !== undefined)) };
        if (JSON.stringify(config) !== JSON.stringify(idp.config)) diff.config = config;
      }
      if (change.options && JSON.stringify(change.options) !== JSON.stringify(idp.options)) diff.options = change.options;
      if (change.policy && change.policy !== "inherit") {
        const state = change.policy === "activate" ? "active" : "inactive";
        if (state !== idp.ownState) diff.ownState = state;
      }
      return Object.keys(diff).length ? [IdpChanged.event(onIdp(actor, idp), idp.id, idp.owner.id, diff)] : [];
    }
    if (!change.policy) return [];
    return [IdpStatePolicySet.event(onIdp(actor, idp), idp.id, idp.owner.id, { contextType: ctx.type, contextId: ctx.id, policy: change.policy })];
  });
}

export function removeIdp(core: Core, actor: Actor, id: string, ctx: Context): StoredEvent {
  const [removed] = core.events.command(() => {
    const idp = foundIdp(core, id, ctx);
    if (!sameContext(ctx, idp.owner))
      throw new SvcError(
        Code.FailedPrecondition,
        "IDP-read-only",
        `The identity provider belongs to the ${idp.owner.type} context and can only be deleted there`,
      );
    return [IdpRemoved.event(onIdp(actor, idp), idp.id, idp.owner.id, {})];
  });
  return removed!;
}
