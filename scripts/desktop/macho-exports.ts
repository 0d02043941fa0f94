// The names a Mach-O image (a macOS `.node` addon) exports: the external symbols defined in a section
// of its LC_SYMTAB symbol table, without Mach-O's leading underscore; a universal (fat) file gives the
// names of all its slices (<mach-o/loader.h>, <mach-o/nlist.h>, <mach-o/fat.h>).

import { AddonFormatError, BinaryView } from "./binary-view.js";

const MH_MAGIC = 0xfeedface;
const MH_MAGIC_64 = 0xfeedfacf;
const FAT_MAGIC = 0xcafebabe;
const FAT_MAGIC_64 = 0xcafebabf;
const LC_SYMTAB = 0x2;
const N_STAB = 0xe0;
const N_PEXT = 0x10;
const N_TYPE = 0x0e;
const N_SECT = 0x0e;
const N_EXT = 0x01;
/** More slices than any universal binary has: 0xcafebabe also starts Java class files, whose next field is a version. */
const MAX_SLICES = 16;

const magicOf = (bytes: Buffer, at = 0) => (bytes.length >= at + 4 ? [bytes.readUInt32LE(at), bytes.readUInt32BE(at)] : [0, 0]);

export function isMachO(bytes: Buffer): boolean {
  const [le, be] = magicOf(bytes);
  return [MH_MAGIC, MH_MAGIC_64].includes(le!) || [MH_MAGIC, MH_MAGIC_64, FAT_MAGIC, FAT_MAGIC_64].includes(be!);
}

function thinExports(bytes: Buffer, start: number, end: number): string[] {
  const v = new BinaryView(bytes.subarray(start, end), "Mach-O");
  const [le, be] = magicOf(v.bytes);
  const wide = le === MH_MAGIC_64 || be === MH_MAGIC_64;
  if (![MH_MAGIC, MH_MAGIC_64].includes(le!)) {
    if (![MH_MAGIC, MH_MAGIC_64].includes(be!)) throw new AddonFormatError(`Mach-O: no Mach-O header at offset ${start}`);
    v.setLittleEndian(false);
  }
  const ncmds = v.u32(16, "ncmds");
  const names: string[] = [];
  let at = wide ? 32 : 28;
  for (let i = 0; i < ncmds; i++) {
    const cmd = v.u32(at, `load command ${i}`);
    const size = v.u32(at + 4, `load command ${i}'s size`);
    if (size < 8) throw new AddonFormatError(`Mach-O: load command ${i} has size ${size}`);
    if (cmd === LC_SYMTAB) {
      const symoff = v.u32(at + 8, "symoff");
      const nsyms = v.u32(at + 12, "nsyms");
      const stroff = v.u32(at + 16, "stroff");
      const strsize = v.u32(at + 20, "strsize");
      const entry = wide ? 16 : 12;
      if (symoff + nsyms * entry > v.bytes.length) throw new AddonFormatError("Mach-O: the symbol table runs past the end of the file");
      for (let s = 0; s < nsyms; s++) {
        const sym = symoff + s * entry;
        const type = v.u8(sym + 4, "n_type");
        if (type & N_STAB || type & N_PEXT || !(type & N_EXT) || (type & N_TYPE) !== N_SECT) continue;
        const strx = v.u32(sym, "n_strx");
        if (strx >= strsize) throw new AddonFormatError(`Mach-O: a symbol's name (${strx}) is outside its string table`);
        const name = v.cstring(stroff + strx, "a symbol's name", stroff + strsize);
        names.push(name.startsWith("_") ? name.slice(1) : name);
      }
    }
    at += size;
  }
  return names;
}

export function machoExports(bytes: Buffer): string[] {
  const [, be] = magicOf(bytes);
  if (be !== FAT_MAGIC && be !== FAT_MAGIC_64) return thinExports(bytes, 0, bytes.length);
  const v = new BinaryView(bytes, "Mach-O", false);
  const count = v.u32(4, "nfat_arch");
  if (count === 0 || count > MAX_SLICES) throw new AddonFormatError(`Mach-O: a universal file with ${count} slices`);
  const wide = be === FAT_MAGIC_64;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const arch = 8 + i * (wide ? 32 : 20);
    const offset = wide ? v.u64(arch + 8, `slice ${i}'s offset`) : v.u32(arch + 8, `slice ${i}'s offset`);
    const size = wide ? v.u64(arch + 16, `slice ${i}'s size`) : v.u32(arch + 12, `slice ${i}'s size`);
    if (offset + size > bytes.length) throw new AddonFormatError(`Mach-O: slice ${i} runs past the end of the file`);
    names.push(...thinExports(bytes, offset, offset + size));
  }
  return names;
}
