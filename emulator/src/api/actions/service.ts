// SvcActions, behind the multitenancy_resources_api flag.

import { SvcActions } from "../../gen/svc/resources/action/v3alpha/action_service_pb.js";
import { defineService, type RpcTable, type ServiceDefinition } from "../rpc.js";
import { executionHandlers } from "./executions.js";
import { targetHandlers } from "./targets.js";

export function actionsService(table: () => RpcTable): ServiceDefinition {
  return defineService(SvcActions, "multitenancy_resources_api", { ...targetHandlers, ...executionHandlers(table) });
}
