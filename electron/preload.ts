// The preload (dist/electron/preload.cjs): runs sandboxed before the page, with context isolation,
// and exposes the named functions of preload-api.ts. Bundled into one file: a sandboxed preload can
// require only `electron` and a few built-ins, not files beside it.

import { preloadPorts } from "./adapter.js";
import { exposeDesktopApi } from "./preload-api.js";

exposeDesktopApi(preloadPorts());
