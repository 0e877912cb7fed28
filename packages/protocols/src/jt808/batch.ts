import { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { readLocation } from './location.ts';
import type { Handled } from './handled.ts';

/** A location report (0x0200, 0x0201) as a handled message with the reply it wants. */
export function locationHandled(body: ByteReader, model: string | undefined, reply: Handled['reply']): Handled {
  const { message, warnings } = readLocation(body, model);
  return { messages: [message], reply, warnings };
}

/**
 * Length-prefixed location reports (u16 length in 0x0704, u8 in the vendor 0x0210). A report
 * that does not decode is left out with a warning, as long as another one does.
 */
export function batch(r: ByteReader, model: string | undefined, lengthSize: 1 | 2, memory: boolean): Handled {
  const messages: NormalizedMessage[] = [];
  const warnings: string[] = [];
  let firstError: DecodeError | null = null;
  while (r.remaining > lengthSize) {
    const length = lengthSize === 1 ? r.readU8('report length') : r.readU16('report length');
    const report = new ByteReader(r.readBytes(Math.min(length, r.remaining), 'report'));
    try {
      const decoded = readLocation(report, model);
      messages.push(memory ? { ...decoded.message, memory } : decoded.message);
      warnings.push(...decoded.warnings);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      firstError ??= err;
      warnings.push(`report ${messages.length + 1} of the batch skipped: ${err.message}`);
    }
  }
  if (messages.length === 0 && firstError) throw firstError;
  return { messages, reply: 'general', warnings };
}
