// The token lookups of domain/token/access-token.ts for an OIDC request: in its instance, under its issuer.

import { activeAccessToken as active, findToken as find } from "../domain/token/access-token.js";
import type { TokenRecord } from "../domain/token/token.js";
import type { OidcContext } from "./issue.js";

const at = (ctx: OidcContext) => ({ instanceId: ctx.instance.id, issuer: ctx.issuer });

export const findToken = (ctx: OidcContext, value: string): Promise<TokenRecord | undefined> => find(ctx.core, at(ctx), value);

/** The active access token (or personal access token) of this instance behind `value`, or undefined. */
export const activeAccessToken = (ctx: OidcContext, value: string): Promise<TokenRecord | undefined> => active(ctx.core, at(ctx), value);
