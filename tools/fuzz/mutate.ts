import type { Transport } from '@jejak/protocols';
import { lengthFieldOf, maxLength, repairFrame, writeLength } from './framing.ts';
import type { Rng } from './rng.ts';

/**
 * Pure, seeded generators of hostile frames for one protocol and transport: random bytes,
 * mutations of the protocol's captured packets, and (text protocols) random lines between the
 * protocol's own delimiters. The same Rng state always yields the same frame.
 */

export const MAX_RANDOM_BYTES = 2048;
/** No generated frame is longer than this (a UDP datagram must fit; TCP framers refuse far less). */
export const MAX_FRAME_BYTES = 65_000;

export interface FrameCorpus {
  protocol: string;
  transport: Exclude<Transport, 'http'>;
  /** Captured packets this transport carries, one frame each. */
  packets: readonly Uint8Array[];
  /** The printable ones among them, as text (field-level mutations, random lines). */
  textPackets: readonly string[];
}

export interface Generated {
  bytes: Uint8Array;
  /** The recipe, for statistics and reports: e.g. `mutate:bitflip+splice+repair`. */
  how: string;
}

const INTERESTING = [0x00, 0x01, 0x0a, 0x0d, 0x23, 0x24, 0x2a, 0x2c, 0x7f, 0x80, 0xfe, 0xff];
/** Padding and field bytes a long run is made of. */
const PAD_BYTES = [...INTERESTING, 0x20, 0x30, 0x39, 0x41];
const encoder = new TextEncoder();

/** A length skewed to small frames, up to `max`. */
export function randomLength(rng: Rng, max = MAX_RANDOM_BYTES): number {
  const r = rng.next();
  return r < 0.5 ? rng.int(Math.min(max, 64) + 1) : r < 0.8 ? rng.int(Math.min(max, 512) + 1) : rng.int(max + 1);
}

/** Random bytes of random length; half the time behind a real packet's first bytes, so the framer looks further. */
export function randomFrame(rng: Rng, corpus: FrameCorpus): Generated {
  const body = rng.bytes(randomLength(rng));
  if (corpus.packets.length === 0 || rng.chance(0.5)) return { bytes: body, how: 'random' };
  const head = rng.pick(corpus.packets).subarray(0, rng.between(1, 4));
  return { bytes: concat([head, body]), how: 'random:head' };
}

/** One frame: random bytes, a random line, a captured packet as it is, or a mutated one. */
export function generateFrame(rng: Rng, corpus: FrameCorpus): Generated {
  const r = rng.next();
  if (corpus.packets.length === 0 || r < 0.15) return randomFrame(rng, corpus);
  if (corpus.textPackets.length > 0 && r < 0.27) return randomLine(rng, corpus.textPackets);
  if (r < 0.35) return { bytes: rng.pick(corpus.packets).slice(), how: 'captured' };
  return mutatePacket(rng, corpus);
}

type Mutation = (rng: Rng, b: Uint8Array, corpus: FrameCorpus) => Uint8Array;

const BYTE_MUTATIONS: Record<string, Mutation> = {
  bitflip(rng, b) {
    const out = b.slice();
    for (let k = rng.between(1, 8); k > 0 && out.length > 0; k--) {
      const i = rng.int(out.length);
      out[i] = (out[i] ?? 0) ^ (1 << rng.int(8));
    }
    return out;
  },
  setbytes(rng, b) {
    const out = b.slice();
    for (let k = rng.between(1, 4); k > 0 && out.length > 0; k--) out[rng.int(out.length)] = rng.pick(INTERESTING);
    return out;
  },
  insert(rng, b) {
    const at = rng.int(b.length + 1);
    const run = rng.chance(0.5)
      ? rng.bytes(rng.between(1, 64))
      : new Uint8Array(rng.between(1, 64)).fill(rng.pick(INTERESTING));
    return concat([b.subarray(0, at), run, b.subarray(at)]);
  },
  delete(rng, b) {
    if (b.length === 0) return b;
    const at = rng.int(b.length);
    return concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + rng.between(1, 32)))]);
  },
  truncate: (rng, b) => b.slice(0, rng.int(b.length + 1)),
  length(rng, b, corpus) {
    const out = b.slice();
    const field = lengthFieldOf(corpus.protocol, corpus.transport, out);
    if (!field) return BYTE_MUTATIONS.setbytes?.(rng, out, corpus) ?? out;
    const max = maxLength(field);
    writeLength(out, field, rng.pick([0, 1, 2, out.length - 1, out.length + 1, rng.int(max + 1), max]));
    return out;
  },
  hugelength(rng, b, corpus) {
    const out = b.slice();
    const field = lengthFieldOf(corpus.protocol, corpus.transport, out);
    if (!field) return concat([out, new Uint8Array(rng.between(2048, 8192)).fill(rng.pick(INTERESTING))]);
    const max = maxLength(field);
    writeLength(out, field, max - rng.int(Math.max(1, Math.floor(max / 4))));
    return out;
  },
  padrun(rng, b, corpus) {
    // A long run of one byte inside the frame: what a trailing-padding regex (`[ \0]+$`)
    // takes quadratic time over when the run does not end the frame.
    const max = corpus.transport === 'udp' ? MAX_FRAME_BYTES - b.length : 8192;
    const run = new Uint8Array(rng.between(256, Math.max(256, max))).fill(rng.pick(PAD_BYTES));
    const at = rng.int(b.length + 1);
    return concat([b.subarray(0, at), run, b.subarray(at)]);
  },
  duplicate(rng, b) {
    if (rng.chance(0.5)) return concat(Array.from({ length: rng.between(2, 4) }, () => b));
    const from = rng.int(b.length + 1);
    const slice = b.subarray(from, Math.min(b.length, from + rng.between(1, 64)));
    return concat([b.subarray(0, from), ...Array.from({ length: rng.between(2, 8) }, () => slice), b.subarray(from)]);
  },
  splice(rng, b, corpus) {
    const other = rng.pick(corpus.packets);
    return concat([b.subarray(0, rng.int(b.length + 1)), other.subarray(rng.int(other.length + 1))]);
  },
};

const TEXT_MUTATIONS: Record<string, (rng: Rng, fields: string[]) => string[]> = {
  field(rng, f) {
    const out = [...f];
    for (let k = rng.between(1, 3); k > 0 && out.length > 0; k--) out[rng.int(out.length)] = weirdValue(rng);
    return out;
  },
  dropfield(rng, f) {
    const out = [...f];
    out.splice(rng.int(out.length), rng.between(1, 3));
    return out;
  },
  dupfield(rng, f) {
    const out = [...f];
    const i = rng.int(out.length);
    out.splice(i, 0, ...Array.from({ length: rng.between(1, 20) }, () => out[i] ?? ''));
    return out;
  },
  swapfields(rng, f) {
    const out = [...f];
    const i = rng.int(out.length);
    const j = rng.int(out.length);
    [out[i], out[j]] = [out[j] ?? '', out[i] ?? ''];
    return out;
  },
};

/** 1–3 stacked mutations of a captured packet; then, half the time, length and checksum made right again. */
export function mutatePacket(rng: Rng, corpus: FrameCorpus): Generated {
  const steps: string[] = [];
  const textual = corpus.textPackets.length > 0 && rng.chance(0.4);
  let bytes: Uint8Array;
  if (textual) {
    const text = rng.pick(corpus.textPackets);
    const name = rng.pick(Object.keys(TEXT_MUTATIONS));
    bytes = encoder.encode(TEXT_MUTATIONS[name]?.(rng, text.split(',')).join(',') ?? text);
    steps.push(name);
  } else {
    bytes = rng.pick(corpus.packets);
  }
  for (let k = rng.between(textual ? 0 : 1, 3); k > 0; k--) {
    const name = rng.pick(Object.keys(BYTE_MUTATIONS));
    bytes = BYTE_MUTATIONS[name]?.(rng, bytes, corpus) ?? bytes;
    steps.push(name);
  }
  if (!steps.some((s) => s.includes('length')) && rng.chance(0.5)) {
    const repaired = repairFrame(corpus.protocol, corpus.transport, bytes);
    if (lengthFieldOf(corpus.protocol, corpus.transport, repaired)) steps.push('repair');
    bytes = repaired;
  }
  return {
    bytes: bytes.length > MAX_FRAME_BYTES ? bytes.slice(0, MAX_FRAME_BYTES) : bytes,
    how: `mutate:${steps.join('+')}`,
  };
}

/** A random ASCII line that starts and ends like one of the protocol's text packets. */
export function randomLine(rng: Rng, textPackets: readonly string[]): Generated {
  const head = headOf(rng.pick(textPackets), rng);
  const tail = tailOf(rng.pick(textPackets), rng);
  const fields = Array.from({ length: rng.int(41) }, () => weirdValue(rng));
  const line = head + fields.join(',') + (rng.chance(0.9) ? tail : '') + (rng.chance(0.2) ? '\r\n' : '');
  return { bytes: encoder.encode(line), how: 'line' };
}

/** Up to and including the first comma (`*HQ,`, `+RESP:GTFRI,`, `$$A123,`), or the first bytes. */
function headOf(text: string, rng: Rng): string {
  const comma = text.indexOf(',');
  return comma >= 0 && comma < 16 ? text.slice(0, comma + 1) : text.slice(0, rng.between(1, 4));
}

/** What follows the last comma when it is short (`0#`, `0018$`, `*4B\r\n`), else the last bytes. */
function tailOf(text: string, rng: Rng): string {
  const comma = text.lastIndexOf(',');
  return comma >= 0 && text.length - comma <= 9 ? text.slice(comma + 1) : text.slice(-rng.between(1, 3));
}

const WEIRD = [
  '',
  '0',
  '-1',
  '-0',
  '00000000000000000000',
  '4294967296',
  '18446744073709551616',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '9999.9999',
  '-9999.9999',
  '991399',
  '000000',
  '2099-13-45T25:61:61Z',
  'null',
  'true',
  '%00',
  '%zz',
  '\u0000',
  '\u00ff\u00fe',
  '#',
  '$',
  '*',
  ',,,,',
  '\r\n',
];

/** A field value likely to trip a parser: numbers out of range, wrong types, delimiters, long runs. */
export function weirdValue(rng: Rng): string {
  const r = rng.next();
  if (r < 0.4) return rng.pick(WEIRD);
  if (r < 0.6) return String(rng.int(10 ** rng.between(1, 9))) + (rng.chance(0.3) ? `.${rng.int(100000)}` : '');
  if (r < 0.8) return asciiString(rng, rng.between(1, 24));
  if (r < 0.95) return rng.bytes(rng.between(1, 16)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
  return (rng.chance(0.5) ? '9' : 'A').repeat(rng.between(100, 3000));
}

/** Printable ASCII, with the odd control character. */
export function asciiString(rng: Rng, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(rng.chance(0.03) ? rng.int(32) : rng.between(32, 126));
  return s;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
