// The names an ELF shared object (a Linux `.node` addon) exports: the defined global or weak symbols
// of its dynamic symbol table (SHT_DYNSYM), with default or protected visibility: what dlopen and
// dlsym see (System V ABI, "Sections" and "Symbol Table").

import { AddonFormatError, BinaryView } from "./binary-view.js";

const SHT_DYNSYM = 11;
const STB_GLOBAL = 1;
const STB_WEAK = 2;
const STV_PROTECTED = 3;

export const isElf = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32BE(0) === 0x7f454c46;

export function elfExports(bytes: Buffer): string[] {
  const v = new BinaryView(bytes, "ELF");
  const klass = v.u8(4, "EI_CLASS");
  const data = v.u8(5, "EI_DATA");
  if (klass !== 1 && klass !== 2) throw new AddonFormatError(`ELF: unknown class ${klass}`);
  if (data !== 1 && data !== 2) throw new AddonFormatError(`ELF: unknown byte order ${data}`);
  v.setLittleEndian(data === 1);
  const wide = klass === 2;
  const word = (offset: number, what: string) => (wide ? v.u64(offset, what) : v.u32(offset, what));
  const shoff = word(wide ? 0x28 : 0x20, "e_shoff");
  const shentsize = v.u16(wide ? 0x3a : 0x2e, "e_shentsize");
  const shnum = v.u16(wide ? 0x3c : 0x30, "e_shnum");
  if (shoff === 0 || shnum === 0) throw new AddonFormatError("ELF: no section headers, so no dynamic symbol table to read");
  if (shentsize < (wide ? 0x40 : 0x28)) throw new AddonFormatError(`ELF: section header size ${shentsize} is too small`);

  const section = (i: number) => {
    const at = shoff + i * shentsize;
    return {
      type: v.u32(at + 4, `section ${i}'s type`),
      offset: word(at + (wide ? 0x18 : 0x10), `section ${i}'s offset`),
      size: word(at + (wide ? 0x20 : 0x14), `section ${i}'s size`),
      link: v.u32(at + (wide ? 0x28 : 0x18), `section ${i}'s link`),
      entsize: word(at + (wide ? 0x38 : 0x24), `section ${i}'s entry size`),
    };
  };

  const names: string[] = [];
  for (let i = 0; i < shnum; i++) {
    const symtab = section(i);
    if (symtab.type !== SHT_DYNSYM) continue;
    if (symtab.link >= shnum) throw new AddonFormatError(`ELF: the dynamic symbol table links to section ${symtab.link} of ${shnum}`);
    const strtab = section(symtab.link);
    const entsize = symtab.entsize || (wide ? 24 : 16);
    if (entsize < (wide ? 24 : 16)) throw new AddonFormatError(`ELF: symbol size ${entsize} is too small`);
    if (symtab.offset + symtab.size > bytes.length) throw new AddonFormatError("ELF: the dynamic symbol table runs past the end of the file");
    for (let at = symtab.offset; at + entsize <= symtab.offset + symtab.size; at += entsize) {
      const info = v.u8(at + (wide ? 4 : 12), "st_info");
      const other = v.u8(at + (wide ? 5 : 13), "st_other");
      const shndx = v.u16(at + (wide ? 6 : 14), "st_shndx");
      const binding = info >> 4;
      const visibility = other & 3;
      if (shndx === 0 || (binding !== STB_GLOBAL && binding !== STB_WEAK) || (visibility !== 0 && visibility !== STV_PROTECTED)) continue;
      const name = v.u32(at, "st_name");
      if (name >= strtab.size) throw new AddonFormatError(`ELF: a symbol's name (${name}) is outside its string table`);
      names.push(v.cstring(strtab.offset + name, "a symbol's name", strtab.offset + strtab.size));
    }
  }
  return names;
}
