// Native addon files for the tests of the ABI reader and of the Electron addon: minimal Mach-O and PE
// images written field by field from the formats' specifications, and a real ELF addon whose
// `node_register_module_v<N>` export is renamed to another ABI (the Node build here, patched).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** node_modules' Node build of better-sqlite3's addon. */
export const NODE_ADDON = join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");

/** The Node build with its register export renamed to `abi` (three digits, like the original): a real ELF addon "for" that ABI. */
export function elfAddonFor(abi: number): Buffer {
  const bytes = Buffer.from(readFileSync(NODE_ADDON));
  const from = Buffer.from(`node_register_module_v${process.versions.modules}\0`);
  const to = Buffer.from(`node_register_module_v${abi}\0`);
  if (from.length !== to.length) throw new Error("elfAddonFor: the ABI must have as many digits as this Node's");
  let at = bytes.indexOf(from);
  if (at < 0) throw new Error("elfAddonFor: no register export to rename");
  for (; at >= 0; at = bytes.indexOf(from, at + 1)) to.copy(bytes, at);
  return bytes;
}

/** A symbol of a crafted image: exported, or (for Mach-O) a local or undefined one that must not count. */
export interface Sym {
  name: string;
  kind?: "export" | "local" | "undefined";
}

const strings = (names: string[]) => {
  const offsets: number[] = [];
  const parts = [Buffer.from([0])];
  let at = 1;
  for (const n of names) {
    offsets.push(at);
    parts.push(Buffer.from(`${n}\0`, "latin1"));
    at += n.length + 1;
  }
  return { table: Buffer.concat(parts), offsets };
};

/** A thin 64-bit little-endian Mach-O bundle with one LC_SYMTAB (names given without the leading underscore). */
export function machO64(symbols: Sym[]): Buffer {
  const { table, offsets } = strings(symbols.map((s) => `_${s.name}`));
  const symoff = 32 + 24;
  const stroff = symoff + symbols.length * 16;
  const out = Buffer.alloc(stroff + table.length);
  out.writeUInt32LE(0xfeedfacf, 0);
  out.writeUInt32LE(0x01000007, 4); // CPU_TYPE_X86_64
  out.writeUInt32LE(3, 8);
  out.writeUInt32LE(8, 12); // MH_BUNDLE
  out.writeUInt32LE(1, 16); // ncmds
  out.writeUInt32LE(24, 20); // sizeofcmds
  out.writeUInt32LE(2, 32); // LC_SYMTAB
  out.writeUInt32LE(24, 36);
  out.writeUInt32LE(symoff, 40);
  out.writeUInt32LE(symbols.length, 44);
  out.writeUInt32LE(stroff, 48);
  out.writeUInt32LE(table.length, 52);
  symbols.forEach((s, i) => {
    const at = symoff + i * 16;
    out.writeUInt32LE(offsets[i]!, at);
    // N_SECT|N_EXT exported, N_SECT local, N_UNDF|N_EXT imported
    out[at + 4] = s.kind === "local" ? 0x0e : s.kind === "undefined" ? 0x01 : 0x0f;
    out[at + 5] = s.kind === "undefined" ? 0 : 1;
  });
  table.copy(out, stroff);
  return out;
}

/** A universal (fat) Mach-O holding the given thin images. */
export function machOFat(slices: Buffer[]): Buffer {
  const header = Buffer.alloc(8 + slices.length * 20);
  header.writeUInt32BE(0xcafebabe, 0);
  header.writeUInt32BE(slices.length, 4);
  let offset = header.length;
  slices.forEach((s, i) => {
    const at = 8 + i * 20;
    header.writeUInt32BE(i === 0 ? 0x01000007 : 0x0100000c, at);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(s.length, at + 12);
    offset += s.length;
  });
  return Buffer.concat([header, ...slices]);
}

/** A PE DLL (PE32+ by default, PE32 with plus=false) with one .edata section exporting `names`. */
export function peDll(names: string[], plus = true): Buffer {
  const optSize = plus ? 240 : 224;
  const pe = 0x40;
  const opt = pe + 24;
  const sectionTable = opt + optSize;
  const raw = 0x200;
  const rva = 0x1000;
  const dirSize = 40;
  const namePointers = dirSize;
  const nameStart = namePointers + names.length * 4;
  const nameBytes = Buffer.concat(names.map((n) => Buffer.from(`${n}\0`, "latin1")));
  const edataSize = nameStart + nameBytes.length;
  const out = Buffer.alloc(raw + edataSize);
  out.write("MZ", 0, "latin1");
  out.writeUInt32LE(pe, 0x3c);
  out.writeUInt32LE(0x00004550, pe);
  out.writeUInt16LE(plus ? 0x8664 : 0x14c, pe + 4);
  out.writeUInt16LE(1, pe + 6); // NumberOfSections
  out.writeUInt16LE(optSize, pe + 20);
  out.writeUInt16LE(0x2022, pe + 22);
  out.writeUInt16LE(plus ? 0x20b : 0x10b, opt);
  out.writeUInt32LE(16, opt + (plus ? 108 : 92)); // NumberOfRvaAndSizes
  out.writeUInt32LE(rva, opt + (plus ? 112 : 96)); // export table
  out.writeUInt32LE(edataSize, opt + (plus ? 116 : 100));
  out.write(".edata", sectionTable, "latin1");
  out.writeUInt32LE(edataSize, sectionTable + 8);
  out.writeUInt32LE(rva, sectionTable + 12);
  out.writeUInt32LE(edataSize, sectionTable + 16);
  out.writeUInt32LE(raw, sectionTable + 20);
  out.writeUInt32LE(names.length, raw + 20); // NumberOfFunctions
  out.writeUInt32LE(names.length, raw + 24); // NumberOfNames
  out.writeUInt32LE(rva + namePointers, raw + 32); // AddressOfNames
  let at = nameStart;
  names.forEach((n, i) => {
    out.writeUInt32LE(rva + at, raw + namePointers + i * 4);
    at += n.length + 1;
  });
  nameBytes.copy(out, raw + nameStart);
  return out;
}
