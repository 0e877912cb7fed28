/** What a request's Range header asks of a file of `size` bytes. */
export type ByteRange = { kind: 'full' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range (RFC 9110 §14.1.2): 'bytes=a-b', 'bytes=a-' or the last n bytes 'bytes=-n',
 * with the end cut to the file's. No header: the whole file. Anything else (another unit,
 * several ranges, a start past the end, an end before the start) cannot be answered: 416.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || Number(last === '' ? start : last) < start) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
