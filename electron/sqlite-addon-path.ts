// The Electron build of better-sqlite3's addon (made by `npm run desktop` or
// `npm run build:electron-addon` into dist/electron/native), as the main process finds it beside
// main.cjs: in a packaged app outside the asar archive, where electron-builder unpacks `.node` files,
// because a native library cannot be loaded from inside an archive.

import { join } from "node:path";

export function electronAddonPath(mainDir: string): string {
  return join(mainDir.replace(/([\\/])app\.asar(?=[\\/]|$)/, "$1app.asar.unpacked"), "native", "better_sqlite3.node");
}
