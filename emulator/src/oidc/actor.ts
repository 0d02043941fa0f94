// Who acts in a change made through the OIDC surface: the instance, the user or client, origin "oidc".

import type { Actor } from "../domain/core.js";

export const oidcActor = (instanceId: string, userId: string): Actor => ({ instanceId, userId, origin: "oidc" });
