import { API_BASE } from '@jejak/contract';

/**
 * POSTs `body` to an export call and saves the file the server sends, under the name it gives
 * (Content-Disposition) or `fallbackName`. Throws when the server refused or could not be reached.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<void> {
  const response = await fetch(API_BASE + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Hands `blob` to the browser's download as `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How far a streamed download is: the rows the server announced (REPORT_ROWS_HEADER) and the bytes so far. */
export interface DownloadProgress {
  rows: number | null;
  bytes: number;
}

/**
 * As downloadFile, reading the body chunk by chunk so a long export (a month of device logs)
 * shows its progress instead of freezing the page; `rowsHeader` names the header carrying the
 * row count. A refusal throws the server's message.
 */
export async function downloadFileStream(
  path: string,
  body: unknown,
  fallbackName: string,
  rowsHeader: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<void> {
  const response = await fetch(API_BASE + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof refusal?.message === 'string' ? refusal.message : `export failed: ${response.status}`);
  }
  const announced = Number(response.headers.get(rowsHeader));
  const rows = response.headers.has(rowsHeader) && Number.isFinite(announced) ? announced : null;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ rows, bytes });
  const reader = response.body?.getReader();
  if (reader) {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      bytes += part.value.byteLength;
      onProgress({ rows, bytes });
    }
  }
  saveBlob(new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }), name);
}
