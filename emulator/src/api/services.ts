// Every service the emulator declares, joined into one rpc table.

import { RpcTable } from "./rpc.js";
import { actionsService } from "./actions/service.js";
import { adminService } from "./admin/service.js";
import { languageSettingsService } from "./language-settings/service.js";
import { organizationsService } from "./orgs/service.js";
import { projectsService } from "./projects/service.js";
import { appsService } from "./apps/service.js";
import { usersService } from "./users/service.js";
import { grantsService } from "./grants/service.js";
import { sessionsService } from "./sessions/service.js";
import { identityProvidersService } from "./idps/service.js";
import { membershipsService } from "./memberships/service.js";
import { instancesService } from "./instances/service.js";
import { domainsService } from "./domains/service.js";
import { smsProvidersService, smtpProvidersService } from "./providers/service.js";
import { userSchemasService } from "./userschemas/service.js";

/** `ownUrl`: the emulator's URL once it listens (the admin export and import reach its bucket store there). */
export function buildRpcTable(ownUrl: () => string = () => ""): RpcTable {
  let table: RpcTable | undefined;
  const self = () => table!;
  table = new RpcTable([
    actionsService(self),
    languageSettingsService(),
    organizationsService(),
    projectsService(),
    appsService(),
    usersService(),
    grantsService(),
    sessionsService(),
    identityProvidersService(),
    membershipsService(),
    instancesService(),
    domainsService(),
    smtpProvidersService(),
    smsProvidersService(),
    userSchemasService(),
    adminService(ownUrl),
  ]);
  return table;
}
