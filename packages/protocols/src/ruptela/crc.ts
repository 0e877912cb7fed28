/**
 * CRC-16/KERMIT (CRC-CCITT, reflected): polynomial 0x1021 reflected (0x8408), initial value 0,
 * no final inversion. Ruptela packets end with it, big-endian, over everything between the
 * length field and the CRC (Ruptela protocol, "Packet structure"; every capture agrees).
 * Check value: "123456789" → 0x2189.
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
export function crc16Kermit(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  return crc;
}
