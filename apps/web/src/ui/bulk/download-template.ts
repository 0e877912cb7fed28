import { API_PATHS, type BulkKind } from '@jejak/contract';
import { downloadFile } from '../../api/download.ts';

/**
 * Downloads the server's .xlsx template (POST /api/bulk/template) and saves it under the name
 * the server gives. Answers false when the server refused or could not be reached.
 */
export async function downloadTemplate(kind: BulkKind): Promise<boolean> {
  try {
    await downloadFile(API_PATHS.bulkTemplate, { kind }, `${kind}.xlsx`);
    return true;
  } catch {
    return false;
  }
}
