// Bundles the emulator into dist/ with esbuild: one CommonJS file for the command, one for the
// library and one for its internals (the `svc-emulator/internal` export). A bundle starts about twice as fast as the same modules loaded one by one. The native
// better-sqlite3 addon and the lazily loaded nodemailer and hash-wasm stay external. Then the UI:
// renderer/ built by vite into dist/renderer, which the emulator serves at /ui/.

import { build } from "esbuild";
import { build as viteBuild } from "vite";

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  // Native, or large and loaded only when needed (nodemailer: the first email; hash-wasm: the first argon2 check).
  external: ["better-sqlite3", "nodemailer", "hash-wasm"],
  sourcemap: "linked",
  logLevel: "warning",
  // import.meta.url has no meaning in CommonJS: give it the bundle's own URL.
  define: { "import.meta.url": "__svcImportMetaUrl" },
  banner: { js: 'const __svcImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
};

await Promise.all([
  build({ ...common, entryPoints: ["emulator/src/cli-main.ts"], outfile: "dist/cli.cjs" }),
  build({ ...common, entryPoints: ["emulator/src/index.ts"], outfile: "dist/index.cjs" }),
  build({ ...common, entryPoints: ["emulator/src/internal.ts"], outfile: "dist/internal.cjs" }),
]);
await viteBuild({ configFile: "renderer/vite.config.ts" });
