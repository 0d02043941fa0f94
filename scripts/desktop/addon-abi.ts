// The Node ABI (NODE_MODULE_VERSION) a native addon was built for, read from the file itself: an addon
// built with node-gyp exports `node_register_module_v<ABI>` (node.h, NODE_MODULE_INITIALIZER), on
// Linux (ELF), macOS (Mach-O) and Windows (PE) alike. A Node-API addon exports
// `napi_register_module_v1` instead and loads under any ABI. No loading, so an addon of another
// runtime, platform or architecture is read as well as one of this Node.

import { readFileSync } from "node:fs";
import { AddonFormatError } from "./binary-view.js";
import { elfExports, isElf } from "./elf-exports.js";
import { isMachO, machoExports } from "./macho-exports.js";
import { isPe, peExports } from "./pe-exports.js";

export { AddonFormatError } from "./binary-view.js";

export interface AddonAbi {
  format: "ELF" | "Mach-O" | "PE";
  /** The ABI of its `node_register_module_v<N>` export; undefined when it has none. */
  abi: number | undefined;
  /** Whether it exports `napi_register_module_v1` (a Node-API addon, not tied to one ABI). */
  nodeApi: boolean;
}

const REGISTER = /^node_register_module_v(\d+)$/;

export function addonAbi(bytes: Buffer): AddonAbi {
  const [format, names] = isElf(bytes)
    ? (["ELF", elfExports(bytes)] as const)
    : isMachO(bytes)
      ? (["Mach-O", machoExports(bytes)] as const)
      : isPe(bytes)
        ? (["PE", peExports(bytes)] as const)
        : (() => {
            throw new AddonFormatError("not a native addon: neither ELF, Mach-O nor PE");
          })();
  const abis = [...new Set(names.flatMap((n) => REGISTER.exec(n)?.[1] ?? []).map(Number))];
  if (abis.length > 1) throw new AddonFormatError(`${format}: exports node_register_module_v for several ABIs (${abis.join(", ")})`);
  return { format, abi: abis[0], nodeApi: names.includes("napi_register_module_v1") };
}

/** addonAbi of a file; a file that cannot be read or parsed throws an Error naming it. */
export function addonAbiOfFile(path: string): AddonAbi {
  try {
    return addonAbi(readFileSync(path));
  } catch (e) {
    throw new AddonFormatError(`${path}: ${(e as Error).message}`);
  }
}
