// The Electron the desktop app runs on: the pinned `electron` package's version and the Node ABI of
// its runtime, from the package's own `abi_version` file (Electron's data, as node-abi has it too).
// Only files are read: requiring the package would download its binary when it is missing.

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface ElectronTarget {
  version: string;
  /** NODE_MODULE_VERSION of Electron's runtime: what its native addons must be built for. */
  abi: number;
  /** node_modules/electron */
  packageDir: string;
}

export class ElectronTargetError extends Error {}

/** The directory of package `name` as resolved from the project at `root`; undefined when it is not installed. */
export function packageDir(root: string, name: string): string | undefined {
  try {
    return dirname(createRequire(join(root, "package.json")).resolve(`${name}/package.json`));
  } catch {
    // Some packages (e.g. @electron/rebuild) export no package.json: look where npm puts them.
    const dir = join(root, "node_modules", name);
    return existsSync(join(dir, "package.json")) ? dir : undefined;
  }
}

export const packageVersion = (dir: string): string => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;

export function electronTarget(root: string): ElectronTarget {
  const dir = packageDir(root, "electron");
  if (!dir) throw new ElectronTargetError("the electron package is not installed: run `npm install`");
  const abiFile = join(dir, "abi_version");
  const abi = existsSync(abiFile) ? Number(readFileSync(abiFile, "utf8").trim()) : Number.NaN;
  if (!Number.isInteger(abi) || abi <= 0) throw new ElectronTargetError(`${abiFile} does not hold Electron's ABI: reinstall the electron package`);
  return { version: packageVersion(dir), abi, packageDir: dir };
}
