import { randomUUID } from 'node:crypto';
import type { NotificationLogEntry, Recipient } from '@jejak/contract';
import type { Db } from '../../db/database.ts';

export type NewLogEntry = Omit<NotificationLogEntry, 'nlid' | 'notificationName' | 'serviceType'> & {
  serviceType: number;
};

/** The notification log (spec 2 §3): one row per delivery attempt. */
export function createNotificationLogRepo(db: Db) {
  return {
    async insert(e: NewLogEntry): Promise<void> {
      await db
        .insertInto('notification_logs')
        .values({
          nlid: randomUUID(),
          nfid: e.nfid,
          genid: e.genid,
          evid: e.getid,
          service_type: e.serviceType,
          recipient: JSON.stringify(e.recipient),
          status_code: e.statusCode,
          status_message: e.statusMessage,
          gen_status: e.genStatus,
          attempt: e.attempt,
          device_time: e.deviceTime,
          created_at: e.createdAt,
        })
        .execute();
    },

    /** The attempts of one notification made in [startMs, endMs], newest first. */
    async list(nfid: string, startMs: number, endMs: number): Promise<NotificationLogEntry[]> {
      const rows = await db
        .selectFrom('notification_logs as l')
        .innerJoin('notifications as n', 'n.nfid', 'l.nfid')
        .selectAll('l')
        .select('n.notification_name')
        .where('l.nfid', '=', nfid)
        .where('l.created_at', '>=', startMs)
        .where('l.created_at', '<=', endMs)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.attempt', 'desc')
        .execute();
      return rows.map((r) => ({
        nlid: r.nlid,
        nfid: r.nfid,
        notificationName: r.notification_name,
        serviceType: r.service_type as NotificationLogEntry['serviceType'],
        createdAt: Number(r.created_at),
        deviceTime: r.device_time === null ? null : Number(r.device_time),
        recipient: r.recipient as Recipient,
        statusCode: r.status_code,
        statusMessage: r.status_message,
        getid: r.evid,
        genid: r.genid,
        genStatus: r.gen_status as NotificationLogEntry['genStatus'],
        attempt: r.attempt,
      }));
    },
  };
}
export type NotificationLogRepo = ReturnType<typeof createNotificationLogRepo>;
