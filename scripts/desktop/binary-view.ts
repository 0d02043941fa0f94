// Bounds-checked reads of a binary file's bytes, for the export-table readers of ELF, Mach-O and PE:
// a field past the end of the file, or a name without its terminating NUL, is an AddonFormatError
// naming what was being read, never a RangeError or a garbage value.

export class AddonFormatError extends Error {}

export class BinaryView {
  constructor(
    readonly bytes: Buffer,
    /** The format's name, for messages ("ELF", "Mach-O", "PE"). */
    readonly format: string,
    private littleEndian = true,
  ) {}

  setLittleEndian(little: boolean): void {
    this.littleEndian = little;
  }

  private check(offset: number, size: number, what: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + size > this.bytes.length)
      throw new AddonFormatError(`${this.format}: ${what} at offset ${offset} is outside the file (${this.bytes.length} bytes)`);
  }

  u8(offset: number, what: string): number {
    this.check(offset, 1, what);
    return this.bytes[offset]!;
  }

  u16(offset: number, what: string): number {
    this.check(offset, 2, what);
    return this.littleEndian ? this.bytes.readUInt16LE(offset) : this.bytes.readUInt16BE(offset);
  }

  u32(offset: number, what: string): number {
    this.check(offset, 4, what);
    return this.littleEndian ? this.bytes.readUInt32LE(offset) : this.bytes.readUInt32BE(offset);
  }

  /** A 64-bit field as a number; one above 2^53 cannot be an offset into a file this size and is refused. */
  u64(offset: number, what: string): number {
    this.check(offset, 8, what);
    const v = this.littleEndian ? this.bytes.readBigUInt64LE(offset) : this.bytes.readBigUInt64BE(offset);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new AddonFormatError(`${this.format}: ${what} (${v}) is not a usable offset`);
    return Number(v);
  }

  /** The NUL-terminated string at `offset`, which must end before `end` (a table's end, or the file's). */
  cstring(offset: number, what: string, end = this.bytes.length): string {
    this.check(offset, 1, what);
    const limit = Math.min(end, this.bytes.length);
    const nul = this.bytes.indexOf(0, offset);
    if (nul < 0 || nul >= limit) throw new AddonFormatError(`${this.format}: ${what} at offset ${offset} has no end inside its table`);
    return this.bytes.toString("latin1", offset, nul);
  }
}
