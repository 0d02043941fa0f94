// Every service the emulator declares, joined into one rpc table.

import { RpcTable } from "./rpc.js";
import { actionsService } from "./actions/service.js";
import { languageSettingsService } from "./language-settings/service.js";

export function buildRpcTable(): RpcTable {
  let table: RpcTable | undefined;
  const self = () => table!;
  table = new RpcTable([actionsService(self), languageSettingsService()]);
  return table;
}
