import type { FastifyInstance } from 'fastify';
import {
  AddNotificationRequestSchema,
  GetNotificationsRequestSchema,
  NOTIFICATION_PATHS,
  NOTIFICATION_TEXTS,
  NotificationLogRequestSchema,
  UpdateNotificationRequestSchema,
  type NotificationLogResponse,
  type NotificationResponse,
  type NotificationsResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/auth-service.ts';
import type { NotificationService } from '../../services/notification-service.ts';
import { requireUser } from '../session.ts';

/** Notifications and their log (spec 2 §7); thin: the service checks grant and reach. */
export function registerNotificationRoutes(app: FastifyInstance, auth: AuthService, service: NotificationService): void {
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
}
