import {
  BULK_MAX_FILE_BYTES,
  geofenceFileFormat,
  type GeofenceFileError,
  type GeofenceFileFormat,
} from '@jejak/contract';
import type { BulkKind } from '@jejak/contract';
import type { SheetResult } from './sheet/read-sheet.ts';

/** What reading a chosen file gives: the sheet, or why the file is refused before or while reading. */
export type ReadOutcome =
  SheetResult | { ok: false; error: 'notXlsxName' | 'notGeofenceName' | 'readerFailed' | GeofenceFileError };

/** What the worker is sent: the file's format and its bytes. */
export interface ReadRequest {
  format: GeofenceFileFormat;
  bytes: ArrayBuffer;
}

/**
 * Reads `file` in a Web Worker, so a large or hostile file never blocks the page; the worker is
 * ended once it answers. Devices and vehicles come from the .xlsx template only; geofences also
 * from KML, GeoJSON and CSV files (ADR 0076). The name and size are checked first, unread.
 */
export async function readSheetFile(file: File, kind: BulkKind): Promise<ReadOutcome> {
  const format = geofenceFileFormat(file.name);
  if (kind === 'geofence' ? format === null : format !== 'xlsx')
    return { ok: false, error: kind === 'geofence' ? 'notGeofenceName' : 'notXlsxName' };
  if (file.size > BULK_MAX_FILE_BYTES) return { ok: false, error: 'fileTooLarge' };
  const request: ReadRequest = { format: format ?? 'xlsx', bytes: await file.arrayBuffer() };
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./sheet/sheet-worker.ts', import.meta.url), { type: 'module' });
    const finish = (outcome: ReadOutcome) => {
      worker.terminate();
      resolve(outcome);
    };
    worker.onmessage = (event: MessageEvent<ReadOutcome>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, error: 'readerFailed' });
    worker.postMessage(request, [request.bytes]);
  });
}
