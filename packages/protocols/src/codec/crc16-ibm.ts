/**
 * CRC-16/IBM, also called CRC-16/ARC: reflected polynomial 0x8005 (0xA001), initial value 0,
 * no final inversion. Teltonika AVL packets carry it (Teltonika Data Sending Protocols, "CRC-16").
 * Check value: "123456789" → 0xBB3D.
 */
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  return table;
}

/** CRC of `bytes[start, end)`. */
export function crc16Ibm(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return crc;
}
