import type { FastifyInstance } from 'fastify';
import { API_PATHS, BulkTemplateRequestSchema, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { BULK_TEMPLATE_FILES, bulkTemplateStream } from '../../reports/bulk-templates.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import { requireUser } from '../session.ts';

/**
 * The bulk upload dialog's templates (spec 2 §2). A template holds no one's data, so any
 * signed-in V2 user may download it; the uploads themselves go through /device/add and
 * /vehicle/add, which check role and hierarchy row by row.
 */
export function registerBulkRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post(API_PATHS.bulkTemplate, async (request, reply) => {
    await requireUser(auth, request);
    const { kind } = BulkTemplateRequestSchema.parse(request.body);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${BULK_TEMPLATE_FILES[kind]}"`)
      .send(bulkTemplateStream(kind));
  });
}
