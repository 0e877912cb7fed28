import { BULK_MAX_FILE_BYTES } from '@jejak/contract';
import type { SheetResult } from './sheet/read-sheet.ts';

/** What reading a chosen file gives: the sheet, or why the file is refused before or while reading. */
export type ReadOutcome = SheetResult | { ok: false; error: 'notXlsxName' | 'readerFailed' };

/**
 * Reads the first sheet of `file` in a Web Worker, so a large or hostile file never blocks the
 * page; the worker is ended once it answers. The name and size are checked first, unread.
 */
export async function readSheetFile(file: File): Promise<ReadOutcome> {
  if (!/\.xlsx$/i.test(file.name)) return { ok: false, error: 'notXlsxName' };
  if (file.size > BULK_MAX_FILE_BYTES) return { ok: false, error: 'fileTooLarge' };
  const bytes = await file.arrayBuffer();
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./sheet/sheet-worker.ts', import.meta.url), { type: 'module' });
    const finish = (outcome: ReadOutcome) => {
      worker.terminate();
      resolve(outcome);
    };
    worker.onmessage = (event: MessageEvent<SheetResult>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, error: 'readerFailed' });
    worker.postMessage(bytes, [bytes]);
  });
}
