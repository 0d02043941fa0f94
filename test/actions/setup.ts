// One emulator per test file with the three SvcActions transports and the default instance's id.

import { after } from "node:test";
import { SvcActions } from "../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import type { EmulatorOptions } from "../../emulator/src/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { ACTIONS_ROUTES, transportsFor } from "../helpers/transports.js";

export async function actionsSetup(options: EmulatorOptions = {}) {
  const emu = await startTestEmulator(options);
  const transports = transportsFor(emu.url, { service: SvcActions, protoFile: "svc/resources/action/v3alpha/action_service.proto", routes: ACTIONS_ROUTES });
  after(() => transports.close());
  const instances = (await control(emu).as("instances", "/instances")).body;
  const instanceId = instances.instances.find((i) => i.isDefault)!.id;
  return { emu, transports: transports.all, instanceId, ctl: control(emu) };
}

export function webhook(name: string, extra: Record<string, unknown> = {}) {
  return { name, restWebhook: { url: "http://localhost:9999/hook" }, timeout: "10s", ...extra };
}
