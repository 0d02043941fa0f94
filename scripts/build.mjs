// Bundles the emulator into dist/ with esbuild: one CommonJS file for the command, one for the
// library, one for its internals (the `svc-emulator/internal` export), one for the Testcontainers
// module (`svc-emulator/testcontainers`), and the desktop shell's main process and preload
// (dist/electron/). A bundle starts about twice as fast as the same modules loaded one by one. The native
// better-sqlite3 addon and the lazily loaded nodemailer and hash-wasm stay external. Then the UI:
// renderer/ built by vite into dist/renderer, which the emulator serves at /ui/.

import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { build as viteBuild } from "vite";
import { writeCodeCache } from "./code-cache.mjs";
import { COMMAND_EXTERNALS, LIBRARY_EXTERNALS, RUNTIME_OPTIONAL } from "./bundle-externals.mjs";

/**
 * fastify's lib/server.js loads node:https and node:http2 (with node:tls under them) when it is loaded, for
 * servers made with its `https` or `http2` options, which the emulator never sets: about 30 ms of every start.
 * Bundled, each is loaded when such a server is made. A fastify whose file no longer reads so fails the build.
 */
const lazyFastifyTransports = {
  name: "lazy-fastify-transports",
  setup(b) {
    b.onLoad({ filter: /[\\/]fastify[\\/]lib[\\/]server\.js$/ }, (args) => {
      const lazy = (name, fns) => `const ${name} = { ${fns.map((f) => `${f}: (...a) => require('node:${name}').${f}(...a)`).join(", ")} }`;
      let contents = readFileSync(args.path, "utf8");
      for (const [name, fns] of [
        ["https", ["createServer"]],
        ["http2", ["createServer", "createSecureServer"]],
      ]) {
        const eager = `const ${name} = require('node:${name}')`;
        if (!contents.includes(eager)) throw new Error(`${args.path}: no "${eager}" to make lazy`);
        contents = contents.replace(eager, lazy(name, fns));
      }
      return { contents, loader: "js" };
    });
  },
};

/**
 * find-my-way compiles a `new Function` for every static node's prefix and for every route's params object when a route
 * is added: about 15–30 ms of a start for the emulator's 300-odd routes, most never requested in a given run. Bundled,
 * each is compiled on its first call instead and then replaces itself, so a matched route runs the same compiled code
 * as before. A find-my-way whose files no longer read so fails the build.
 */
const lazyRouteCompilers = {
  name: "lazy-route-compilers",
  setup(b) {
    const edits = {
      "node.js": [
        [
          "this.matchPrefix = kind === NODE_TYPES.STATIC ? compilePrefixMatch(prefix) : null",
          "this.matchPrefix = kind === NODE_TYPES.STATIC ? lazyPrefixMatch(prefix) : null",
        ],
        ["this.matchPrefix = compilePrefixMatch(childPrefix)", "this.matchPrefix = lazyPrefixMatch(childPrefix)"],
        [
          "function compilePrefixMatch (prefix) {",
          "function lazyPrefixMatch (prefix) {\n" +
            "  return function (path, i) { const fn = compilePrefixMatch(prefix); this.matchPrefix = fn; return fn(path, i) }\n" +
            "}\n\nfunction compilePrefixMatch (prefix) {",
        ],
      ],
      "handler-storage.js": [
        [
          "_createParamsObject: this._compileCreateParamsObject(params)",
          "_createParamsObject: (storage => function (p0, p1, p2, p3, extra) { " +
            "const fn = storage._compileCreateParamsObject(params); this._createParamsObject = fn; return fn(p0, p1, p2, p3, extra) })(this)",
        ],
      ],
    };
    b.onLoad({ filter: /[\\/]find-my-way[\\/]lib[\\/](node|handler-storage)\.js$/ }, (args) => {
      let contents = readFileSync(args.path, "utf8");
      for (const [from, to] of edits[args.path.split(/[\\/]/).pop()]) {
        if (!contents.includes(from)) throw new Error(`${args.path}: no "${from}" to make lazy`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: "js" };
    });
  },
};

const common = {
  bundle: true,
  plugins: [lazyFastifyTransports, lazyRouteCompilers],
  platform: "node",
  target: "node20",
  format: "cjs",
  // Native, or large and loaded only when needed, and supports-color (a dev tool's, left to be found at run time
  // or not at all): scripts/bundle-externals.mjs.
  external: [...LIBRARY_EXTERNALS, ...RUNTIME_OPTIONAL],
  sourcemap: "linked",
  logLevel: "warning",
  // import.meta.url has no meaning in CommonJS: give it the bundle's own URL.
  define: { "import.meta.url": "__svcImportMetaUrl" },
  banner: { js: 'const __svcImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
};

const TESTING_CJS = ["index", "jest", "jest-global-setup", "jest-global-teardown", "playwright", "playwright-global-setup"];
const TESTING_ESM = ["vitest", "node-test", "node-test-setup"];
const testingCommon = { ...common, plugins: [], external: ["vitest", "vitest/node", "@playwright/test"] };

/** The desktop shell's main process uses the library bundle beside it instead of a second copy of the emulator. */
const libraryBesideIt = {
  name: "library-beside-it",
  setup(b) {
    b.onResolve({ filter: /emulator\/src\/index\.js$/ }, () => ({ path: "../index.cjs", external: true }));
  },
};

await Promise.all([
  // The command also leaves out the GCS client (a third of the bundle: reading and compiling it cost every start
  // about 60 ms and 12 MiB); it is loaded from node_modules on the first admin export to or import from a bucket.
  // The library keeps it inside (the desktop app ships no node_modules of it), evaluated on that first use only.
  // import() becomes require(): the command is compiled by bin/load-bundle.cjs, whose code has no module loader.
  build({
    ...common,
    entryPoints: ["emulator/src/cli-main.ts"],
    outfile: "dist/cli.cjs",
    external: [...COMMAND_EXTERNALS, ...RUNTIME_OPTIONAL],
    supported: { "dynamic-import": false },
  }),
  build({ ...common, entryPoints: ["emulator/src/index.ts"], outfile: "dist/index.cjs" }),
  // The stock of signing keys as the command uses it before its bundle loads, and its filling process (bin/).
  build({ ...common, entryPoints: ["emulator/src/keys/stock-maker.ts"], outfile: "dist/stock-maker.cjs" }),
  build({ ...common, entryPoints: ["emulator/src/internal.ts"], outfile: "dist/internal.cjs" }),
  // The Testcontainers module (`svc-emulator/testcontainers`): a client of the image, with testcontainers (an optional
  // peer dependency) left to the user's install.
  build({ ...common, entryPoints: ["emulator/src/testcontainers/index.ts"], outfile: "dist/testcontainers.cjs", external: ["testcontainers"] }),
  // The desktop shell (electron/): `electron` is provided by the runtime.
  build({
    ...common,
    entryPoints: ["electron/main.ts"],
    outfile: "dist/electron/main.cjs",
    external: [...common.external, "electron"],
    plugins: [...common.plugins, libraryBesideIt],
  }),
  // The preload runs sandboxed in the page's process: one file, no banner (it needs no node:url), only `electron` required.
  build({
    ...common,
    entryPoints: ["electron/preload.ts"],
    outfile: "dist/electron/preload.cjs",
    platform: "browser",
    target: "chrome130",
    external: ["electron"],
    define: {},
    banner: {},
  }),
  // The test-runner fixtures (svc-emulator/testing/*): clients of an emulator they start as a process, so
  // small and free of the emulator itself. CommonJS where the runner requires them (Jest, Playwright), ES
  // modules where they import an ES-only runner (vitest) or wait at the top level (node:test's setup).
  build({
    ...testingCommon,
    entryPoints: TESTING_CJS.map((name) => `emulator/src/testing/${name}.ts`),
    outdir: "dist/testing",
    outExtension: { ".js": ".cjs" },
  }),
  build({
    ...testingCommon,
    entryPoints: TESTING_ESM.map((name) => `emulator/src/testing/${name}.ts`),
    outdir: "dist/testing",
    format: "esm",
    outExtension: { ".js": ".mjs" },
    define: {},
    banner: {},
  }),
]);
await viteBuild({ configFile: "renderer/vite.config.ts" });
// Last: made by a run of the built command (scripts/code-cache.mjs).
await writeCodeCache();
