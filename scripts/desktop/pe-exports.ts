// The names a PE image (a Windows `.node` addon, a DLL) exports: the name pointer table of its export
// directory, data directory 0 of the optional header (Microsoft PE/COFF specification, ".edata").

import { AddonFormatError, BinaryView } from "./binary-view.js";

const PE32 = 0x10b;
const PE32_PLUS = 0x20b;
/** More names than any addon exports; a corrupt count would otherwise loop for a long time. */
const MAX_NAMES = 1 << 20;

export const isPe = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x4d && bytes[1] === 0x5a;

export function peExports(bytes: Buffer): string[] {
  const v = new BinaryView(bytes, "PE");
  const pe = v.u32(0x3c, "e_lfanew");
  if (v.u32(pe, "the PE signature") !== 0x00004550) throw new AddonFormatError("PE: an MZ file without a PE signature (not a Windows DLL)");
  const sections = v.u16(pe + 6, "NumberOfSections");
  const optionalSize = v.u16(pe + 20, "SizeOfOptionalHeader");
  const opt = pe + 24;
  const magic = v.u16(opt, "the optional header's magic");
  if (magic !== PE32 && magic !== PE32_PLUS) throw new AddonFormatError(`PE: unknown optional header magic 0x${magic.toString(16)}`);
  const plus = magic === PE32_PLUS;
  const directories = v.u32(opt + (plus ? 108 : 92), "NumberOfRvaAndSizes");
  if (directories < 1) return [];
  const exportRva = v.u32(opt + (plus ? 112 : 96), "the export table's address");
  if (exportRva === 0) return [];

  const table = opt + optionalSize;
  const offsetOf = (rva: number, what: string) => {
    for (let i = 0; i < sections; i++) {
      const at = table + i * 40;
      const address = v.u32(at + 12, `section ${i}'s VirtualAddress`);
      const span = Math.max(v.u32(at + 8, `section ${i}'s VirtualSize`), v.u32(at + 16, `section ${i}'s SizeOfRawData`));
      if (rva >= address && rva < address + span) return rva - address + v.u32(at + 20, `section ${i}'s PointerToRawData`);
    }
    throw new AddonFormatError(`PE: ${what} (RVA 0x${rva.toString(16)}) is in no section`);
  };

  const dir = offsetOf(exportRva, "the export directory");
  const count = v.u32(dir + 24, "NumberOfNames");
  if (count > MAX_NAMES) throw new AddonFormatError(`PE: ${count} export names`);
  const namesAt = count === 0 ? 0 : offsetOf(v.u32(dir + 32, "AddressOfNames"), "the export name table");
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(v.cstring(offsetOf(v.u32(namesAt + i * 4, `export name ${i}`), `export name ${i}`), `export name ${i}`));
  return names;
}
