import { randomUUID } from 'node:crypto';
import { AUDIT_TARGET_TYPES, type AuditEntry, type AuditRequest } from '@jejak/contract';
import type { Db } from '../../db/database.ts';

/** Who makes a change, and from which address (null actor: the scheduler). */
export interface AuditActor {
  uid: string | null;
  email: string | null;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  targetType: AuditEntry['targetType'];
  targetId: string;
  details: Record<string, unknown>;
}

/** Writes an audit row; pass the transaction of the change so both commit or neither. */
export async function writeAudit(db: Db, actor: AuditActor, record: AuditRecord, nowMs: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      audit_id: randomUUID(),
      created_at: nowMs,
      actor_uid: actor.uid,
      actor_email: actor.email,
      ip: actor.ip,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      details: JSON.stringify(record.details),
    })
    .execute();
}

const TARGET_TYPES = new Set<string>(AUDIT_TARGET_TYPES);

export function createAuditRepo(db: Db) {
  return {
    /** Newest first. */
    async list(filter: AuditRequest): Promise<AuditEntry[]> {
      let q = db.selectFrom('audit_log').selectAll();
      if (filter.startTime !== undefined) q = q.where('created_at', '>=', filter.startTime);
      if (filter.endTime !== undefined) q = q.where('created_at', '<', filter.endTime);
      if (filter.actorUid !== undefined) q = q.where('actor_uid', '=', filter.actorUid);
      if (filter.targetId !== undefined) q = q.where('target_id', '=', filter.targetId);
      const rows = await q.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(filter.limit).execute();
      return rows.map((r) => ({
        auditId: r.audit_id,
        createdAt: r.created_at,
        actorUid: r.actor_uid,
        actorEmail: r.actor_email,
        ip: r.ip,
        action: r.action,
        targetType: TARGET_TYPES.has(r.target_type) ? (r.target_type as AuditEntry['targetType']) : 'user',
        targetId: r.target_id,
        details: typeof r.details === 'object' && r.details !== null ? (r.details as Record<string, unknown>) : {},
      }));
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
