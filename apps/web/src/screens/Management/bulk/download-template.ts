import { API_BASE, API_PATHS, type BulkKind } from '@jejak/contract';

/**
 * Downloads the server's .xlsx template (POST /api/bulk/template) and saves it under the name
 * the server gives. Answers false when the server refused or could not be reached.
 */
export async function downloadTemplate(kind: BulkKind): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(API_BASE + API_PATHS.bulkTemplate, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind }),
    });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.xlsx`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
