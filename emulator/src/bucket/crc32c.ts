// CRC32C (Castagnoli), the checksum GCS reports as `crc32c` and in `x-goog-hash`: the official
// client compares it with its own after every upload and download, so it must be exact. Node's
// zlib only has the other CRC-32 (and only from Node 22), hence this table-driven version.

const POLY = 0x82f63b78; // the Castagnoli polynomial, bit-reversed

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32c(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The checksum as GCS writes it: base64 of its four bytes, big-endian. */
export function crc32cBase64(data: Uint8Array): string {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(crc32c(data));
  return b.toString("base64");
}
