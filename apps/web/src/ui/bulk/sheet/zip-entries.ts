import { Inflate } from 'fflate';

/*
 * Just enough of ZIP (APPNOTE 6.3.x §4.3) to open an .xlsx without trusting it: the central
 * directory is read first, every entry's declared sizes are checked against caps before
 * anything is inflated, and inflating stops as soon as an entry yields more than it declared
 * or than its cap, so a zip bomb costs a few kilobytes of work, never the page's memory.
 */

/** Why a workbook is refused as a whole. */
export type SheetErrorCode =
  | 'fileTooLarge'
  | 'notXlsx'
  | 'encrypted'
  | 'unpackedTooLarge'
  | 'corrupt'
  | 'tooManyRows'
  | 'cellTooLarge'
  | 'dimensionTooLarge';

export class SheetFileError extends Error {
  constructor(
    readonly code: Exclude<SheetErrorCode, 'fileTooLarge'>,
    message: string = code,
  ) {
    super(message);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More entries than any workbook has; a directory claiming more is refused unread. */
const MAX_ENTRIES = 5000;

/** The central directory of `bytes`; throws notXlsx when it is not a ZIP this reader takes. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64: no workbook this dialog takes is that large.
  if (count === 0xffff || dirOffset === 0xffffffff || count > MAX_ENTRIES) throw new SheetFileError('notXlsx');
  if (dirOffset + dirSize > bytes.length) throw new SheetFileError('notXlsx');
  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw new SheetFileError('notXlsx');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > bytes.length) throw new SheetFileError('notXlsx');
    if (flags & 1) throw new SheetFileError('encrypted');
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      name,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return entries;
}

function findEocd(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 65_535; at--) if (view.getUint32(at, true) === EOCD) return at;
  throw new SheetFileError('notXlsx');
}

/** Refuses the file when any entry, or all of them together, declare more than the caps. */
export function checkDeclaredSizes(entries: Map<string, ZipEntry>, entryCap: number, totalCap: number): void {
  let total = 0;
  for (const entry of entries.values()) {
    if (entry.size > entryCap) throw new SheetFileError('unpackedTooLarge');
    total += entry.size;
  }
  if (total > totalCap) throw new SheetFileError('unpackedTooLarge');
}

/**
 * Inflates one entry, handing its bytes to `onChunk` as they come; `onChunk` returns false to
 * stop early (the sheet reader stops at the row cap). Never yields more than the entry declared.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, onChunk: (chunk: Uint8Array) => boolean): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw new SheetFileError('corrupt');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new SheetFileError('corrupt');
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new SheetFileError('corrupt');
    onChunk(data);
    return;
  }
  if (entry.method !== 8) throw new SheetFileError('corrupt');
  let produced = 0;
  let stop = false;
  const inflate = new Inflate((chunk) => {
    if (stop) return;
    produced += chunk.length;
    // The declared size was checked against the cap; more than declared is a lie, so a bomb.
    if (produced > entry.size) throw new SheetFileError('unpackedTooLarge');
    if (!onChunk(chunk)) stop = true;
  });
  // Small steps: deflate expands at most ~1,000 times, so one step never yields more than ~4 MB.
  const STEP = 4 * 1024;
  try {
    for (let i = 0; i < data.length && !stop; i += STEP)
      inflate.push(data.subarray(i, Math.min(i + STEP, data.length)), i + STEP >= data.length);
  } catch (error) {
    if (error instanceof SheetFileError) throw error;
    throw new SheetFileError('corrupt');
  }
}

/** A whole (small) entry as text, within the cap already checked. */
export function entryText(bytes: Uint8Array, entry: ZipEntry): string {
  const decoder = new TextDecoder();
  let out = '';
  inflateEntry(bytes, entry, (chunk) => {
    out += decoder.decode(chunk, { stream: true });
    return true;
  });
  return out + decoder.decode();
}
