// The context of a settings or IDP call: the instance of the client (no parameter) or one of its orgs.

export type Ctx = { orgId: string } | undefined;

export const ctxQuery = (ctx: Ctx) => (ctx ? `?ctx.orgId=${encodeURIComponent(ctx.orgId)}` : "");
