// Contexts (spec "Contexts form a hierarchy: system, instance, org"): what a RequestContext names,
// and the chain a setting is resolved along (org -> instance -> system). Which context a request
// names: queries.ts.

export type ContextType = "system" | "instance" | "org";

export interface Context {
  type: ContextType;
  id: string;
  /** The instance the context is in (the instance itself for an instance; none for the system). */
  instanceId?: string;
}

export const SYSTEM_CONTEXT: Context = { type: "system", id: "SYSTEM" };

/** The contexts a setting is looked up in, nearest first. */
export function contextChain(ctx: Context): Context[] {
  if (ctx.type === "system") return [ctx];
  const instance: Context = { type: "instance", id: ctx.instanceId!, instanceId: ctx.instanceId };
  return ctx.type === "org" ? [ctx, instance, SYSTEM_CONTEXT] : [instance, SYSTEM_CONTEXT];
}
