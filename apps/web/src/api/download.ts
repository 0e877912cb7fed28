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
