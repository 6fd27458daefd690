// CRC-32 (IEEE 802.3, as in zip/png): the book's checksum, computed in the core so parsing
// needs no Node or browser API.
let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

export function crc32(bytes: Uint8Array, end = bytes.length): number {
  table ??= crcTable();
  let crc = 0xffffffff;
  for (let i = 0; i < end; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
