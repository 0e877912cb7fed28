import type { Selectable } from 'kysely';
import { DEFAULT_RULE_TEMPLATE, ESCALATION_STATUS, type Notification, type Recipient } from '@jejak/contract';
import type { RoleValue } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { subtreeUids } from '../fleet/geofence-repo.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import type { Viewer } from '../scope.ts';

/** A notification with the reach of its creator, as the notifier matches events against it. */
export interface WatchingNotification extends Notification {
  creator: Viewer;
}

/** The columns a notification is written with. */
export type NotificationInput = Omit<Notification, 'nfid' | 'createdAt' | 'updatedAt'>;

function toNotification(r: Selectable<NotificationsTable>): Notification {
  return {
    nfid: r.nfid,
    notificationName: r.notification_name,
    serviceType: r.service_type as Notification['serviceType'],
    rules: r.rules as Notification['rules'],
    geofences: r.geofences as Notification['geofences'],
    recipient: r.recipients as Recipient[],
    isKeypadEnabled: r.keypad_enabled,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function columns(n: NotificationInput) {
  return {
    created_by: n.createdBy,
    notification_name: n.notificationName,
    service_type: n.serviceType,
    rules: JSON.stringify(n.rules),
    geofences: JSON.stringify(n.geofences),
    recipients: JSON.stringify(n.recipient),
    keypad_enabled: n.isKeypadEnabled,
  };
}

/** Rule templates a viewer reaches: owned by, or given to, a user of its subtree. */
function visibleRtidsQuery(db: Db, viewer: Viewer) {
  const owned = db.selectFrom('rule_templates').select('rtid').where('uid', 'in', subtreeUids(db, viewer));
  const given = db.selectFrom('user_rule_templates').select('rtid').where('uid', 'in', subtreeUids(db, viewer));
  return owned.union(given);
}

/** Notifications (spec 2 §3) and the reads their form and the notifier make. */
export function createNotificationRepo(db: Db) {
  return {
    /** Notifications created by users of the viewer's subtree (those ids only, when given), by name. */
    async createdWithin(viewer: Viewer, nfids: readonly string[]): Promise<Notification[]> {
      let q = db.selectFrom('notifications').selectAll().where('created_by', 'in', subtreeUids(db, viewer));
      if (nfids.length > 0) q = q.where(isAnyOf('nfid', nfids));
      return (await q.orderBy('notification_name').orderBy('nfid').execute()).map(toNotification);
    },

    async insert(nfid: string, n: NotificationInput, nowMs: number): Promise<Notification> {
      const row = await db
        .insertInto('notifications')
        .values({ nfid, ...columns(n), created_at: nowMs, updated_at: nowMs })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toNotification(row);
    },

    async update(nfid: string, n: NotificationInput, nowMs: number): Promise<Notification> {
      const row = await db
        .updateTable('notifications')
        .set({ ...columns(n), updated_at: nowMs })
        .where('nfid', '=', nfid)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toNotification(row);
    },

    /**
     * Deletes a notification: its deliveries go with it (the pending ones are never sent), its
     * calling chains stop, its log and call records stay (ADR 0083). False when it was gone.
     */
    async delete(nfid: string, nowMs: number): Promise<boolean> {
      await db
        .updateTable('escalation_states')
        .set({ status: ESCALATION_STATUS.FAILED, updated_at: nowMs })
        .where('nfid', '=', nfid)
        .where('status', '=', ESCALATION_STATUS.PENDING)
        .execute();
      const gone = await db.deleteFrom('notifications').where('nfid', '=', nfid).executeTakeFirst();
      return gone.numDeletedRows > 0n;
    },

    /** Every notification with its creator's reach: the notifier's cache. */
    async watching(): Promise<WatchingNotification[]> {
      const rows = await db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.uid', 'n.created_by')
        .selectAll('n')
        .select(['u.user_role', 'u.user_hierarchy'])
        .execute();
      return rows.map((r) => ({
        ...toNotification(r),
        creator: { uid: r.created_by, role: r.user_role as RoleValue, hierarchy: r.user_hierarchy },
      }));
    },

    /**
     * Of these rule templates, those the viewer reaches, each with the rule ids it holds
     * (DEFAULT also holds the built-in rules, whose ids are `builtin.{alarm}`).
     */
    async reachableRules(
      viewer: Viewer,
      rtids: readonly string[],
    ): Promise<Map<string, { isDefault: boolean; ruids: Set<string> }>> {
      const found = new Map<string, { isDefault: boolean; ruids: Set<string> }>();
      if (rtids.length === 0) return found;
      const templates = await db
        .selectFrom('rule_templates')
        .select(['rtid', 'template_name'])
        .where(isAnyOf('rtid', rtids))
        .where('rtid', 'in', visibleRtidsQuery(db, viewer))
        .execute();
      for (const t of templates)
        found.set(t.rtid, { isDefault: t.template_name === DEFAULT_RULE_TEMPLATE, ruids: new Set() });
      if (found.size === 0) return found;
      const rules = await db
        .selectFrom('rules')
        .select(['rtid', 'ruid'])
        .where(isAnyOf('rtid', [...found.keys()]))
        .execute();
      for (const r of rules) found.get(r.rtid)?.ruids.add(r.ruid);
      return found;
    },

    /** Of these geofence templates, those the viewer reaches, each with its geofence ids. */
    async reachableGeofences(viewer: Viewer, gtids: readonly string[]): Promise<Map<string, Set<string>>> {
      const found = new Map<string, Set<string>>();
      if (gtids.length === 0) return found;
      const owned = db.selectFrom('geofence_templates').select('gtid').where('uid', 'in', subtreeUids(db, viewer));
      const given = db.selectFrom('user_geofence_templates').select('gtid').where('uid', 'in', subtreeUids(db, viewer));
      const templates = await db
        .selectFrom('geofence_templates')
        .select('gtid')
        .where(isAnyOf('gtid', gtids))
        .where('gtid', 'in', owned.union(given))
        .execute();
      for (const t of templates) found.set(t.gtid, new Set());
      if (found.size === 0) return found;
      const members = await db
        .selectFrom('geofence_template_members')
        .select(['gtid', 'geoid'])
        .where(isAnyOf('gtid', [...found.keys()]))
        .execute();
      for (const m of members) found.get(m.gtid)?.add(m.geoid);
      return found;
    },
  };
}
export type NotificationRepo = ReturnType<typeof createNotificationRepo>;
