// Writes emulator/src/api/rest-route-list.ts: the REST routes the rpc table declares, as data, so the
// server registers them at start without building the protobuf descriptors (api/api-loader.ts).
// Run after changing a .proto's HTTP rules or a service's body limit (`npm run generate` does);
// test/api/rest-route-list.test.ts fails while the list is stale.
//
// usage: node --import tsx scripts/generate-rest-routes.ts

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildRpcTable } from "../emulator/src/api/services.js";
import { restRouteListSource } from "../emulator/src/api/rest-routes.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "emulator", "src", "api", "rest-route-list.ts");
writeFileSync(out, restRouteListSource(buildRpcTable()));
const biome = spawnSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", out], { cwd: root, stdio: "inherit" });
process.exit(biome.status ?? 1);
