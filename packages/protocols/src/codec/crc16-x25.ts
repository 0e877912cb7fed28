/**
 * CRC-16/X-25, which the GT06 documents call CRC-ITU: reflected polynomial 0x1021 (0x8408),
 * initial value 0xFFFF, result inverted. Check value: "123456789" → 0x906E.
 */
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
}

/** CRC of `bytes[start, end)`. */
export function crc16X25(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return ~crc & 0xffff;
}
