// Writes renderer/src/api/list-fields.ts: where the answers of the REST routes hold lists, which proto3
// JSON leaves out when empty (emulator/src/api/list-shapes.ts), so the UI fills them in where it reads
// answers. Run after changing a .proto (`npm run generate` does); test/api/list-shapes.test.ts fails while it is stale.
//
// usage: node --import tsx scripts/generate-ui-lists.ts

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listFieldsSource } from "../emulator/src/api/list-shapes.js";
import { buildRpcTable } from "../emulator/src/api/services.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "renderer", "src", "api", "list-fields.ts");
writeFileSync(out, listFieldsSource(buildRpcTable()));
const biome = spawnSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", out], { cwd: root, stdio: "inherit" });
process.exit(biome.status ?? 1);
