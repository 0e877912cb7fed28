import type { Selectable } from 'kysely';
import {
  COMMAND_LOG_LIMIT,
  COMMAND_TEXTS,
  type CommandStatus,
  type CommandType,
  type DeviceCommandRow,
} from '@jejak/contract';
import type { Db } from '../../db/database.ts';
import type { DeviceCommandsTable } from '../../db/schema.ts';
import type { PendingCommand } from '../../ingest/rows.ts';

export interface NewCommand {
  cmid: string;
  dvid: string;
  vid: string;
  type: CommandType;
  seconds: number | null;
  text: string | null;
  reason: string | null;
  forced: boolean;
  serial: number;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
}

function toRow(r: Selectable<DeviceCommandsTable>, nowMs: number): DeviceCommandRow {
  // A queued command past its expiry is expired, whether or not the scheduler has marked it yet.
  const expired = r.status === 'QUEUED' && Number(r.expires_at) <= nowMs;
  return {
    cmid: r.cmid,
    vid: r.vid,
    type: r.type as CommandType,
    seconds: r.seconds,
    text: r.text,
    reason: r.reason,
    forced: r.forced,
    status: expired ? 'EXPIRED' : (r.status as CommandStatus),
    channel: r.channel === 'tcp' || r.channel === 'sms' ? r.channel : null,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    sentAt: r.sent_at === null ? null : Number(r.sent_at),
    answeredAt: r.answered_at === null ? null : Number(r.answered_at),
    answer: r.answer,
    error: expired ? COMMAND_TEXTS.expiredAfter : r.error,
  };
}

const toPending = (r: Selectable<DeviceCommandsTable>): PendingCommand => ({
  cmid: r.cmid,
  dvid: r.dvid,
  type: r.type as CommandType,
  seconds: r.seconds,
  text: r.text,
  serial: r.serial,
  createdAt: Number(r.created_at),
});

/** Commands to trackers (migration 038, ADR 0090). */
export function createCommandRepo(db: Db) {
  return {
    async insert(c: NewCommand): Promise<void> {
      await db
        .insertInto('device_commands')
        .values({
          cmid: c.cmid,
          dvid: c.dvid,
          vid: c.vid,
          type: c.type,
          seconds: c.seconds,
          text: c.text,
          reason: c.reason,
          forced: c.forced,
          serial: c.serial,
          created_by: c.createdBy,
          created_at: c.createdAt,
          expires_at: c.expiresAt,
          channel: null,
          sent_at: null,
          answered_at: null,
          answer: null,
          error: null,
        })
        .execute();
    },

    async get(cmid: string, nowMs: number): Promise<DeviceCommandRow | undefined> {
      const r = await db.selectFrom('device_commands').selectAll().where('cmid', '=', cmid).executeTakeFirst();
      return r && toRow(r, nowMs);
    },

    /** The vehicle's latest commands, newest first. */
    async listOf(vid: string, nowMs: number): Promise<DeviceCommandRow[]> {
      const rows = await db
        .selectFrom('device_commands')
        .selectAll()
        .where('vid', '=', vid)
        .orderBy('created_at', 'desc')
        .limit(COMMAND_LOG_LIMIT)
        .execute();
      return rows.map((r) => toRow(r, nowMs));
    },

    /**
     * Takes the device's queued, unexpired commands for sending (QUEUED → SENT, compare-and-set:
     * two nodes never both send one), oldest first.
     */
    async claimQueued(dvid: string, nowMs: number): Promise<PendingCommand[]> {
      const rows = await db
        .updateTable('device_commands')
        .set({ status: 'SENT', channel: 'tcp', sent_at: nowMs })
        .where('dvid', '=', dvid)
        .where('status', '=', 'QUEUED')
        .where('expires_at', '>', nowMs)
        .returningAll()
        .execute();
      return rows.map(toPending).sort((a, b) => a.createdAt - b.createdAt);
    },

    /** Sent by SMS instead (the tracker was offline and the caller asked for it). */
    async markSms(cmid: string, nowMs: number): Promise<void> {
      await db
        .updateTable('device_commands')
        .set({ status: 'SENT', channel: 'sms', sent_at: nowMs })
        .where('cmid', '=', cmid)
        .execute();
    },

    async fail(cmid: string, error: string): Promise<void> {
      await db.updateTable('device_commands').set({ status: 'FAILED', error }).where('cmid', '=', cmid).execute();
    },

    /**
     * Records the tracker's answer on the command it answers: the sent one with its serial when the
     * protocol echoes one, else the device's oldest sent and unanswered one. Returns its cmid.
     */
    async answer(dvid: string, serial: number | null, answer: string, nowMs: number): Promise<string | null> {
      let target = db
        .selectFrom('device_commands')
        .select('cmid')
        .where('dvid', '=', dvid)
        .where('status', '=', 'SENT')
        .orderBy('sent_at', 'asc')
        .limit(1);
      if (serial !== null) target = target.where('serial', '=', serial);
      const row = await db
        .updateTable('device_commands')
        .set({ status: 'ANSWERED', answered_at: nowMs, answer: answer.slice(0, 1000) })
        .where('cmid', '=', (eb) => eb.selectFrom(target.as('t')).select('t.cmid'))
        .returning('cmid')
        .executeTakeFirst();
      return row?.cmid ?? null;
    },

    /** Marks queued commands past their expiry (the scheduler's sweep); returns how many. */
    async expire(nowMs: number): Promise<number> {
      const rows = await db
        .updateTable('device_commands')
        .set({ status: 'EXPIRED', error: COMMAND_TEXTS.expiredAfter })
        .where('status', '=', 'QUEUED')
        .where('expires_at', '<=', nowMs)
        .returning('cmid')
        .execute();
      return rows.length;
    },
  };
}
export type CommandRepo = ReturnType<typeof createCommandRepo>;
