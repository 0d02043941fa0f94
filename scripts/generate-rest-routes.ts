// Writes emulator/src/gen/rest-routes.ts: the REST routes the rpc table declares, as data, so the
// server registers them at start without building the protobuf descriptors (api/api-loader.ts).
// Run after changing a .proto's HTTP rules or a service's body limit (`npm run generate` does);
// scripts/check-generated.mjs (into a temporary file) and test/api/rest-route-list.test.ts fail while
// the list is stale.
//
// usage: node --import tsx scripts/generate-rest-routes.ts [out-file]

import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildRpcTable } from "../emulator/src/api/services.js";
import { restRouteListSource } from "../emulator/src/api/rest-routes.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = process.argv[2] ? resolve(process.argv[2]) : join(root, "emulator", "src", "gen", "rest-routes.ts");
writeFileSync(out, restRouteListSource(buildRpcTable()));
