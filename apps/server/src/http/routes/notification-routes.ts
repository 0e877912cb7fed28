import type { FastifyInstance } from 'fastify';
import {
  AddNotificationRequestSchema,
  GetNotificationsRequestSchema,
  NOTIFICATION_PATHS,
  NOTIFICATION_TEXTS,
  NotificationLogExportRequestSchema,
  NotificationLogRequestSchema,
  UpdateNotificationRequestSchema,
  XLSX_CONTENT_TYPE,
  type NotificationLogResponse,
  type NotificationResponse,
  type NotificationsResponse,
} from '@jejak/contract';
import { notificationLogFileName, notificationLogStream } from '../../reports/notification-log-xlsx.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { NotificationService } from '../../services/alerts/notification-service.ts';
import { requireUser } from '../session.ts';

/** Notifications and their log (spec 2 §7); thin: the service checks grant and reach. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  auth: AuthService,
  service: NotificationService,
): void {
  app.post(NOTIFICATION_PATHS.notificationGet, async (request): Promise<NotificationsResponse> => {
    const caller = await requireUser(auth, request);
    const { nfids, uid } = GetNotificationsRequestSchema.parse(request.body);
    return { status: 200, notifications: await service.list(caller, nfids, uid) };
  });

  app.post(NOTIFICATION_PATHS.notificationAdd, async (request): Promise<NotificationResponse> => {
    const caller = await requireUser(auth, request);
    const notification = await service.add(caller, AddNotificationRequestSchema.parse(request.body));
    return { status: 200, notification, message: NOTIFICATION_TEXTS.notificationAdded };
  });

  app.post(NOTIFICATION_PATHS.notificationUpdate, async (request): Promise<NotificationResponse> => {
    const caller = await requireUser(auth, request);
    const notification = await service.update(caller, UpdateNotificationRequestSchema.parse(request.body));
    return { status: 200, notification, message: NOTIFICATION_TEXTS.notificationEdited };
  });

  app.post(NOTIFICATION_PATHS.notificationLogGet, async (request): Promise<NotificationLogResponse> => {
    const caller = await requireUser(auth, request);
    const { nfid, startTime, endTime } = NotificationLogRequestSchema.parse(request.body);
    return { status: 200, notificationLog: { Items: await service.log(caller, nfid, startTime, endTime) } };
  });

  // The same rows as /notificationlog/get, as the screen shows them, in a spreadsheet.
  app.post(NOTIFICATION_PATHS.notificationLogExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const { nfid, startTime, endTime, timeZone } = NotificationLogExportRequestSchema.parse(request.body);
    const entries = await service.log(caller, nfid, startTime, endTime);
    const [notification] = await service.list(caller, [nfid], undefined);
    const name = notificationLogFileName(notification?.notificationName ?? nfid, startTime, endTime);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(notificationLogStream(entries, timeZone));
  });
}
