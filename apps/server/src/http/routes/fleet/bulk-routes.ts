import { OPERATIONS, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { BULK_TEMPLATE_FILES, bulkTemplateStream } from '../../../reports/bulk-templates.ts';
import type { Route } from '../../route-table.ts';

/**
 * The bulk upload dialog's templates (spec 2 §2). A template holds no one's data, so any
 * signed-in V2 user may download it; the uploads themselves go through /device/add and
 * /vehicle/add, which check role and hierarchy row by row.
 */
export function registerBulkRoutes(route: Route): void {
  route(OPERATIONS.bulkTemplate, async ({ body: { kind }, reply }) =>
    reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${BULK_TEMPLATE_FILES[kind]}"`)
      .send(bulkTemplateStream(kind)),
  );
}
