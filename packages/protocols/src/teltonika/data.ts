import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { readCodec7Record } from './codec7.ts';
import { readCodec12, readCodec13, readCodec14, type CommandOutcome } from './commands.ts';
import { hex } from './envelope.ts';
import { recordToMessage } from './io-map.ts';
import { CODEC_16, CODEC_8, CODEC_8E, readAvlRecord, type IoLayout } from './records.ts';

const CODEC_7_ID = 0x07;
export const CODEC_8_ID = 0x08;
export const CODEC_8E_ID = 0x8e;
const CODEC_12_ID = 0x0c;
const CODEC_13_ID = 0x0d;
const CODEC_14_ID = 0x0e;
const CODEC_16_ID = 0x10;

const NAMES: ReadonlyMap<number, string> = new Map([
  [CODEC_7_ID, 'codec 7'],
  [CODEC_8_ID, 'codec 8'],
  [CODEC_8E_ID, 'codec 8E'],
  [CODEC_12_ID, 'codec 12'],
  [CODEC_13_ID, 'codec 13'],
  [CODEC_16_ID, 'codec 16'],
  [CODEC_14_ID, 'codec 14'],
  [0x0f, 'codec 15'],
]);

export function codecName(codec: number): string {
  return NAMES.get(codec) ?? `codec 0x${hex(codec, 2)}`;
}

export interface DataOptions {
  /** Codec 8 records carry a group of 16-byte IO values (see records.ts). */
  extended: boolean;
  /** Disagreeing counts and trailing bytes are warnings rather than errors. */
  lenient: boolean;
  warnings: string[];
}

export interface DataResult {
  codec: number;
  messages: NormalizedMessage[];
  /** Records to acknowledge, or null when the packet takes no acknowledgement. */
  ackCount: number | null;
  /** Set when the packet is well formed but of a kind we do not handle. */
  unsupported?: string;
}

/**
 * The data field shared by TCP and UDP: codec id, number of data 1, the records (or a
 * codec 12/13 message), number of data 2, which must equal number of data 1 ("Codec 8").
 */
export function decodeData(r: ByteReader, opts: DataOptions): DataResult {
  const codec = r.readU8('codec id');
  const result = decodeBody(codec, r, opts);
  if (!result.unsupported && r.remaining > 0) {
    complain(opts, `${r.remaining} byte(s) after number of data 2`, r.offset);
  }
  return result;
}

function decodeBody(codec: number, r: ByteReader, opts: DataOptions): DataResult {
  switch (codec) {
    case CODEC_7_ID:
    case CODEC_8_ID:
    case CODEC_8E_ID:
    case CODEC_16_ID:
      return decodeRecords(codec, r, opts);
    case CODEC_12_ID:
    case CODEC_13_ID:
    case CODEC_14_ID:
      return decodeCommand(codec, r, opts);
    default:
      return { codec, messages: [], ackCount: null, unsupported: 'not supported' };
  }
}

function layoutOf(codec: number, extended: boolean): IoLayout {
  if (codec === CODEC_8E_ID) return CODEC_8E;
  if (codec === CODEC_16_ID) return CODEC_16;
  return extended ? { ...CODEC_8, sixteenByteGroup: true } : CODEC_8;
}

function decodeRecords(codec: number, r: ByteReader, opts: DataOptions): DataResult {
  const count = r.readU8('number of data 1');
  const layout = layoutOf(codec, opts.extended);
  const messages: NormalizedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const record = codec === CODEC_7_ID ? readCodec7Record(r) : readAvlRecord(r, layout, opts.warnings);
    messages.push(recordToMessage(record, codec !== CODEC_7_ID));
  }
  checkQuantity(count, r, opts);
  return { codec, messages, ackCount: count };
}

function decodeCommand(codec: number, r: ByteReader, opts: DataOptions): DataResult {
  const count = r.readU8('quantity 1');
  const read = codec === CODEC_12_ID ? readCodec12 : codec === CODEC_13_ID ? readCodec13 : readCodec14;
  const outcome: CommandOutcome = read(r);
  checkQuantity(count, r, opts);
  if ('unsupported' in outcome) return { codec, messages: [], ackCount: null, unsupported: outcome.unsupported };
  return { codec, messages: [outcome.message], ackCount: null };
}

function checkQuantity(first: number, r: ByteReader, opts: DataOptions): void {
  const at = r.offset;
  const second = r.readU8('number of data 2');
  if (second !== first) complain(opts, `number of data 2 is ${second}, number of data 1 was ${first}`, at);
}

function complain(opts: DataOptions, reason: string, at: number): void {
  if (!opts.lenient) throw new DecodeError(reason, at);
  opts.warnings.push(reason);
}
