// The renderer's build: served by the emulator at /ui/ (emulator/src/server/ui-static.ts) and loaded
// by the desktop shell. scripts/build.mjs runs this with vite's build API; `npx vite renderer` serves it
// for development (the API calls then need the emulator on the same origin, e.g. through a proxy).

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  base: "/ui/",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../dist/renderer", import.meta.url)),
    emptyOutDir: true,
    // Hashed names only; no source maps in the served bundle (the sources are in the package).
    sourcemap: false,
    // The strict CSP allows no inline script: keep every module a file.
    assetsInlineLimit: 0,
  },
});
