// The ABI reader of the desktop tooling (scripts/desktop/addon-abi.ts): the `node_register_module_v<N>`
// export of a native addon, from the export tables of ELF (Linux), Mach-O (macOS) and PE (Windows).
// Real files where this machine has them (the Node build of better-sqlite3; the Node-API addons of
// several platforms that Electron's installer ships), crafted images for the rest, and broken files.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { AddonFormatError, addonAbi, addonAbiOfFile } from "../../scripts/desktop/addon-abi.js";
import { packageDir } from "../../scripts/desktop/electron-target.js";
import { elfAddonFor, machO64, machOFat, NODE_ADDON, peDll } from "./addon-images.js";

const extractZip = packageDir(resolve("."), "@electron-internal/extract-zip")!;

describe("the ABI of a native addon, from its export table", () => {
  it("reads 115 from the Node build of better-sqlite3 here (ELF), this Node's ABI", () => {
    assert.deepEqual(addonAbiOfFile(NODE_ADDON), { format: "ELF", abi: 115, nodeApi: false });
    assert.equal(String(addonAbiOfFile(NODE_ADDON).abi), process.versions.modules);
  });

  it("reads the ABI an ELF addon's export names, not a fixed number", () => {
    assert.deepEqual(addonAbi(elfAddonFor(150)), { format: "ELF", abi: 150, nodeApi: false });
    assert.deepEqual(addonAbi(elfAddonFor(127)), { format: "ELF", abi: 127, nodeApi: false });
  });

  it("reads real Node-API addons of three formats (no node ABI, napi_register_module_v1 exported)", () => {
    for (const [file, format] of [
      ["index.linux-x64-gnu.node", "ELF"],
      ["index.linux-ia32-gnu.node", "ELF"],
      ["index.darwin-universal.node", "Mach-O"],
      ["index.win32-x64-msvc.node", "PE"],
      ["index.win32-arm64-msvc.node", "PE"],
    ] as const)
      assert.deepEqual(addonAbiOfFile(join(extractZip, file)), { format, abi: undefined, nodeApi: true }, file);
  });

  it("reads a crafted Mach-O, counting only defined external symbols", () => {
    assert.deepEqual(addonAbi(machO64([{ name: "init" }, { name: "node_register_module_v150" }])), { format: "Mach-O", abi: 150, nodeApi: false });
    // A local or an undefined (imported) symbol is not an export.
    const notExported = machO64([
      { name: "node_register_module_v99", kind: "local" },
      { name: "node_register_module_v98", kind: "undefined" },
      { name: "node_register_module_v150" },
    ]);
    assert.equal(addonAbi(notExported).abi, 150);
    assert.equal(addonAbi(machO64([{ name: "node_register_module_v115", kind: "local" }])).abi, undefined);
  });

  it("reads a crafted universal Mach-O, and refuses one whose slices name different ABIs", () => {
    const slice = machO64([{ name: "node_register_module_v150" }]);
    assert.equal(addonAbi(machOFat([slice, slice])).abi, 150);
    assert.throws(() => addonAbi(machOFat([slice, machO64([{ name: "node_register_module_v115" }])])), /several ABIs \(150, 115\)/);
  });

  it("reads crafted PE32+ and PE32 DLLs' export directories", () => {
    assert.deepEqual(addonAbi(peDll(["napi_register_module_v1", "node_register_module_v150"])), { format: "PE", abi: 150, nodeApi: true });
    assert.deepEqual(addonAbi(peDll(["node_register_module_v115"], false)), { format: "PE", abi: 115, nodeApi: false });
    assert.deepEqual(addonAbi(peDll([])), { format: "PE", abi: undefined, nodeApi: false });
    // Only whole names count.
    assert.equal(addonAbi(peDll(["node_register_module_v150x", "xnode_register_module_v150"])).abi, undefined);
  });

  it("refuses empty, foreign and truncated files with an AddonFormatError naming the problem", () => {
    const refused = (bytes: Buffer, message: RegExp) =>
      assert.throws(
        () => addonAbi(bytes),
        (e) => e instanceof AddonFormatError && message.test(e.message),
      );
    refused(Buffer.alloc(0), /neither ELF, Mach-O nor PE/);
    refused(Buffer.from("#!/bin/sh\necho not an addon\n"), /neither ELF, Mach-O nor PE/);
    const elf = readFileSync(NODE_ADDON);
    refused(elf.subarray(0, 64), /^ELF: .* outside the file/);
    refused(elf.subarray(0, 2000), /^ELF: .* outside the file/);
    const pe = peDll(["node_register_module_v150"]);
    refused(pe.subarray(0, pe.length - 10), /^PE: export name 0 .* has no end inside its table|outside the file/);
    const badLfanew = Buffer.from(pe);
    badLfanew.writeUInt32LE(0x7fffffff, 0x3c);
    refused(badLfanew, /^PE: the PE signature at offset 2147483647 is outside the file/);
    const mz = Buffer.alloc(0x80);
    mz.write("MZ", 0, "latin1");
    mz.writeUInt32LE(0x40, 0x3c);
    refused(mz, /^PE: an MZ file without a PE signature/);
    const macho = machO64([{ name: "node_register_module_v150" }]);
    const manySymbols = Buffer.from(macho);
    manySymbols.writeUInt32LE(0xffffffff, 44);
    refused(manySymbols, /^Mach-O: the symbol table runs past the end of the file/);
    const noNul = Buffer.from(macho);
    noNul[noNul.length - 1] = 0x41;
    refused(noNul, /^Mach-O: a symbol's name .* has no end inside its table/);
    const fat = machOFat([macho]);
    fat.writeUInt32BE(1000, 4);
    refused(fat, /^Mach-O: a universal file with 1000 slices/);
    assert.throws(
      () => addonAbiOfFile("/nonexistent/x.node"),
      (e) => e instanceof AddonFormatError && /^\/nonexistent\/x\.node: ENOENT/.test(e.message),
    );
  });
});
