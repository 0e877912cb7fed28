import { NOTIFICATION_TEXTS, OPERATIONS, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { notificationLogFileName, notificationLogStream } from '../../../reports/notification-log-xlsx.ts';
import type { NotificationService } from '../../../services/alerts/notification-service.ts';
import type { Route } from '../../route-table.ts';

/** Notifications and their log (spec 2 §7); thin: the service checks reach. */
export function registerNotificationRoutes(route: Route, service: NotificationService, timeZone: string): void {
  route(OPERATIONS.notificationGet, async ({ user, body: { nfids, uid } }) => ({
    status: 200,
    notifications: await service.list(user, nfids, uid),
  }));

  route(OPERATIONS.notificationAdd, async ({ user, body }) => {
    const notification = await service.add(user, body);
    return { status: 200, notification, message: NOTIFICATION_TEXTS.notificationAdded };
  });

  route(OPERATIONS.notificationUpdate, async ({ user, body }) => {
    const notification = await service.update(user, body);
    return { status: 200, notification, message: NOTIFICATION_TEXTS.notificationEdited };
  });

  route(OPERATIONS.notificationDelete, async ({ user, body: { nfid } }) => {
    await service.remove(user, nfid);
    return { status: 200, message: NOTIFICATION_TEXTS.notificationDeleted };
  });

  route(OPERATIONS.confirmationResend, async ({ user, body: { nfid, email } }) => ({
    status: 200,
    message: await service.resendConfirmation(user, nfid, email),
  }));

  // The outside recipient's link: no session, the token is the proof (single use, hashed at rest).
  route(OPERATIONS.recipientConfirm, async ({ body: { token } }) => {
    await service.confirmRecipient(token);
    return { status: 200, message: NOTIFICATION_TEXTS.recipientConfirmed };
  });

  route(OPERATIONS.notificationLogGet, async ({ user, body: { nfid, startTime, endTime } }) => ({
    status: 200,
    notificationLog: { Items: await service.log(user, nfid, startTime, endTime) },
  }));

  // The same rows as /notificationlog/get, as the screen shows them, in a spreadsheet.
  route(
    OPERATIONS.notificationLogExport,
    async ({ user, body: { nfid, startTime, endTime, timeZone: zone }, reply }) => {
      // Left out of the request, the server's zone (JEJAK_TIME_ZONE) writes the file's times.
      const entries = await service.log(user, nfid, startTime, endTime);
      const [notification] = await service.list(user, [nfid], undefined);
      const fileZone = zone ?? timeZone;
      const name = notificationLogFileName(notification?.notificationName ?? nfid, startTime, endTime, fileZone);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(notificationLogStream(entries, fileZone));
    },
  );
}
