// The set-up the resource API test files share: an emulator for the file, its control API and admin
// token, the services over the three transports, a reset to the seed, and the ids the seed gave
// (looked up once here, so a change to the control API's answers is made in one place).

import type { DescService } from "@bufbuild/protobuf";
import type { EmulatorOptions } from "../../emulator/src/index.js";
import { startTestEmulator } from "./emulator.js";
import { controlApi, rawControl } from "./control-client.js";
import { transportsFor, type RestRoute, type TransportSet } from "./transports.js";

/** The resource API's base path. */
export const B = "/resources/v3alpha";

export async function setUpResourceTest(options: EmulatorOptions = {}) {
  const emu = await startTestEmulator(options);
  const ctl = rawControl(emu);
  const control = controlApi(emu);
  return {
    emu,
    ctl,
    /** The control API's typed client. */
    control,
    /** The seed's admin personal access token. */
    pat: emu.adminPat,
    /** One service of this emulator over REST, gRPC and gRPC-web. */
    transports: (opts: { service: DescService; protoFile: string; routes: Record<string, RestRoute> }): TransportSet => transportsFor(emu.url, opts),
    /** Back to the seed (the control API's reset). */
    reset: async (): Promise<void> => void (await control.reset()),
    /** The id of the first instance (the default one). */
    firstInstanceId: async (): Promise<string> => (await control.instances()).body.instances[0]!.id,
    /** The aggregate id of the first event of `type` whose payload `pick` accepts (the first at all without `pick`). */
    seededId: async (type: string, pick: (payload: Record<string, unknown>) => boolean = () => true): Promise<string> =>
      (await control.events({ query: { type, limit: 1000 } })).body.events.find((e) => pick(e.payload))!.aggregateId,
  };
}
