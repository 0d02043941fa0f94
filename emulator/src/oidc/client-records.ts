// What client authentication reads for a client id, cached: the app of that client id with its
// secret digest, or else the machine user of that user name with its secret digest. Every token,
// introspection and revocation request reads it, so it is kept until an event of an app, user,
// project, org or instance is projected (Database.cachedFor), and forgotten on reset, restore and
// rollback. Only the comparison input is cached: the presented secret is hashed and compared on
// every request (clients.ts). Unknown client ids are not cached, so guessing cannot grow the cache.

import type { Core } from "../domain/core.js";
import type { App } from "../domain/app/app.js";
import { appByClientId, appSecretHash } from "../domain/app/queries.js";
import { getUserByUsername } from "../domain/user/queries.js";
import type { User } from "../domain/user/user.js";

export interface ClientRecord {
  app?: { app: App; secretHash: string | null };
  machine?: { user: User; secretHash: string | null };
}

const STALE_ON = ["app", "user", "project", "org", "instance"];

function read(core: Core, instanceId: string, clientId: string): ClientRecord {
  const app = appByClientId(core.db, instanceId, clientId);
  if (app) return { app: { app, secretHash: appSecretHash(core.db, app.instanceId, app.id) } };
  const user = getUserByUsername(core.db, instanceId, clientId);
  if (user?.type === "machine") return { machine: { user, secretHash: (user.data.secretHash as string | undefined) ?? null } };
  return {};
}

export function clientRecord(core: Core, instanceId: string, clientId: string): ClientRecord {
  return core.db.cachedFor(
    STALE_ON,
    `client:${instanceId}:${clientId}`,
    () => read(core, instanceId, clientId),
    (r) => !!(r.app || r.machine),
  );
}
