import { crc16Kermit, crc16X25, type Transport } from '@jejak/protocols';
import { crc16Ibm } from '../../packages/protocols/src/codec/crc16-ibm.ts';

/**
 * Where each protocol keeps its length field and checksum, so the fuzzer can both corrupt a
 * length on purpose and, for the other half of its mutations, repair length and checksum after
 * mutating the content: a frame that passes the framer and the checksum reaches the decoder's
 * field parsing, where the interesting bugs are. Pure; keyed by protocol id.
 */

/** A big-endian binary length field, or Meitrack's decimal digits between the flag and the first comma. */
export type LengthField =
  { kind: 'binary'; at: number; size: 1 | 2 | 4 } | { kind: 'decimal'; at: number; end: number };

/** Queclink binary headers (same table as gl200/frame.ts): tag → length field. */
const GL200_BINARY: Record<string, { at: number; size: 1 | 2 }> = {
  RSP: { at: 9, size: 2 },
  BSP: { at: 9, size: 2 },
  EVT: { at: 9, size: 2 },
  BVT: { at: 9, size: 2 },
  INF: { at: 7, size: 2 },
  BNF: { at: 7, size: 2 },
  LGN: { at: 6, size: 2 },
  ACK: { at: 6, size: 1 },
};

export function lengthFieldOf(protocol: string, transport: Transport, b: Uint8Array): LengthField | null {
  switch (protocol) {
    case 'gt06':
      if (b.length >= 3 && b[0] === 0x78 && b[1] === 0x78) return { kind: 'binary', at: 2, size: 1 };
      if (b.length >= 4 && b[0] === 0x79 && b[1] === 0x79) return { kind: 'binary', at: 2, size: 2 };
      return null;
    case 'teltonika':
      if (transport === 'udp') return b.length >= 2 ? { kind: 'binary', at: 0, size: 2 } : null;
      if (b.length >= 8 && b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] === 0)
        return { kind: 'binary', at: 4, size: 4 };
      return b.length >= 2 && b[0] === 0 ? { kind: 'binary', at: 0, size: 2 } : null;
    case 'meitrack': {
      if (b.length < 4 || b[0] !== 0x24 || b[1] !== 0x24) return null;
      const comma = b.indexOf(0x2c, 3);
      return comma > 3 && comma <= 8 ? { kind: 'decimal', at: 3, end: comma } : null;
    }
    case 'gl200': {
      // `+ACK:` and the like are text reports; binary ones have no colon after their tag.
      if (b.length < 8 || b[0] !== 0x2b || b[4] === 0x3a || b[5] === 0x3a) return null;
      const field = GL200_BINARY[String.fromCharCode(b[1] ?? 0, b[2] ?? 0, b[3] ?? 0)];
      return field && b.length >= field.at + field.size ? { kind: 'binary', ...field } : null;
    }
    case 'ruptela':
      return b.length >= 2 ? { kind: 'binary', at: 0, size: 2 } : null;
    default:
      return null;
  }
}

/** Largest value the field can hold. */
export function maxLength(field: LengthField): number {
  return field.kind === 'decimal' ? 10 ** (field.end - field.at) - 1 : 2 ** (8 * field.size) - 1;
}

/** Writes `value` into the field (in place), clamped to what the field can hold. */
export function writeLength(b: Uint8Array, field: LengthField, value: number): void {
  const v = Math.max(0, Math.min(maxLength(field), Math.floor(value)));
  if (field.kind === 'decimal') {
    const digits = String(v).padStart(field.end - field.at, '0');
    for (let i = 0; i < digits.length; i++) b[field.at + i] = digits.charCodeAt(i);
    return;
  }
  for (let i = 0; i < field.size; i++) b[field.at + i] = Math.floor(v / 256 ** (field.size - 1 - i)) & 0xff;
}

/**
 * Makes the length field (and the checksum, where the protocol has one we can compute) agree
 * with the frame as it now is. Returns a copy; frames of unknown layout come back unchanged.
 */
export function repairFrame(protocol: string, transport: Transport, frame: Uint8Array): Uint8Array {
  const b = frame.slice();
  const field = lengthFieldOf(protocol, transport, b);
  if (!field) return b;
  const n = b.length;
  switch (protocol) {
    case 'gt06': {
      const header = field.kind === 'binary' && field.size === 2 ? 4 : 3;
      writeLength(b, field, n - header - 2);
      // CRC-ITU over the length field through the serial (GT06 §4.6), just before 0D 0A.
      if (n >= header + 7) {
        const crc = crc16X25(b, 2, n - 4);
        b[n - 4] = crc >> 8;
        b[n - 3] = crc & 0xff;
      }
      return b;
    }
    case 'teltonika':
      if (transport === 'udp' || field.at === 0) {
        writeLength(b, field, n - 2);
      } else if (n >= 13) {
        writeLength(b, field, n - 12);
        const crc = crc16Ibm(b, 8, n - 4);
        b.set([0, 0, crc >> 8, crc & 0xff], n - 4);
      }
      return b;
    case 'meitrack':
      // Counts from the first comma through the closing CR LF (counted even when a captured
      // report lacks it); the checksum is lenient there.
      if (field.kind === 'decimal')
        writeLength(b, field, n - field.end + (b[n - 2] === 0x0d && b[n - 1] === 0x0a ? 0 : 2));
      return b;
    case 'gl200':
      writeLength(b, field, n);
      return b;
    case 'ruptela':
      // 2-byte payload length, the payload, its CRC-16/KERMIT (Ruptela protocol, "Packet structure").
      if (n >= 4) {
        writeLength(b, field, n - 4);
        const crc = crc16Kermit(b.subarray(2, n - 2));
        b[n - 2] = crc >> 8;
        b[n - 1] = crc & 0xff;
      }
      return b;
    default:
      return b;
  }
}
