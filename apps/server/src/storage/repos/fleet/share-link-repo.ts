import { sql, type Selectable } from 'kysely';
import { SHARE_RECENT_MS, type ShareLink } from '@jejak/contract';
import type { TransitStatus } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { ShareLinksTable } from '../../db/schema.ts';

export interface NewShareLink {
  tokenHash: string;
  slid: string;
  vid: string;
  createdBy: string;
  label: string;
  createdAt: number;
  expiresAt: number;
}

/** What the public page shows of a link's vehicle: nothing else of the fleet. */
export interface SharedPosition {
  plate: string;
  displayName: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  heading: number | null;
  deviceTime: number | null;
  isAlive: boolean | null;
  transitStatus: TransitStatus | null;
  expiresAt: number;
}

type LinkRow = Selectable<ShareLinksTable> & { vehicle_plate: string | null; vehicle_display_name: string | null };

function toLink(r: LinkRow, nowMs: number): ShareLink {
  const expiresAt = Number(r.expires_at);
  const revokedAt = r.revoked_at === null ? null : Number(r.revoked_at);
  return {
    slid: r.slid,
    vid: r.vid,
    plate: r.vehicle_plate ?? '',
    displayName: r.vehicle_display_name ?? '',
    label: r.label,
    createdAt: Number(r.created_at),
    expiresAt,
    revokedAt,
    lastOpenedAt: r.last_opened_at === null ? null : Number(r.last_opened_at),
    opens: Number(r.opens),
    active: revokedAt === null && expiresAt > nowMs,
  };
}

/** Share links (migration 040, ADR 0093); looked up by their token's hash, never cached. */
export function createShareLinkRepo(db: Db) {
  const withVehicle = () =>
    db
      .selectFrom('share_links as s')
      .leftJoin('vehicles as v', 'v.vid', 's.vid')
      .selectAll('s')
      .select(['v.vehicle_plate', 'v.vehicle_display_name']);

  return {
    async insert(l: NewShareLink): Promise<void> {
      await db
        .insertInto('share_links')
        .values({
          token_hash: l.tokenHash,
          slid: l.slid,
          vid: l.vid,
          created_by: l.createdBy,
          label: l.label,
          created_at: l.createdAt,
          expires_at: l.expiresAt,
          revoked_at: null,
          last_opened_at: null,
        })
        .execute();
    },

    async get(slid: string, nowMs: number): Promise<ShareLink | null> {
      const row = await withVehicle().where('s.slid', '=', slid).executeTakeFirst();
      return row ? toLink(row, nowMs) : null;
    },

    /** The creator of a link, to check a revocation's caller. */
    async creatorOf(slid: string): Promise<string | null> {
      const row = await db.selectFrom('share_links').select('created_by').where('slid', '=', slid).executeTakeFirst();
      return row?.created_by ?? null;
    },

    /** A user's links that are alive or ended within SHARE_RECENT_MS, newest first. */
    async listOf(uid: string, vid: string | undefined, nowMs: number): Promise<ShareLink[]> {
      const since = nowMs - SHARE_RECENT_MS;
      let q = withVehicle()
        .where('s.created_by', '=', uid)
        .where('s.expires_at', '>', since)
        .where((eb) => eb.or([eb('s.revoked_at', 'is', null), eb('s.revoked_at', '>', since)]));
      if (vid) q = q.where('s.vid', '=', vid);
      const rows = await q.orderBy('s.created_at', 'desc').limit(200).execute();
      return rows.map((r) => toLink(r, nowMs));
    },

    async countActive(uid: string, nowMs: number): Promise<number> {
      const row = await db
        .selectFrom('share_links')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_by', '=', uid)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Revokes a live link; false when it was already revoked (or does not exist). */
    async revoke(slid: string, nowMs: number): Promise<boolean> {
      const result = await db
        .updateTable('share_links')
        .set({ revoked_at: nowMs })
        .where('slid', '=', slid)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The live link of a token's hash (not revoked, not expired) counted as opened, with its
     * vehicle's position; null for any other.
     */
    async open(tokenHash: string, nowMs: number): Promise<SharedPosition | null> {
      const link = await db
        .updateTable('share_links')
        .set({ opens: sql`opens + 1`, last_opened_at: nowMs })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowMs)
        .returning(['vid', 'expires_at'])
        .executeTakeFirst();
      if (!link) return null;
      const row = await db
        .selectFrom('vehicles as v')
        .leftJoin('devices as d', 'd.dvid', 'v.dvid')
        .select([
          'v.vehicle_plate',
          'v.vehicle_display_name',
          'v.transit_status',
          'd.lat',
          'd.lon',
          'd.speed',
          'd.heading',
          'd.device_time',
          'd.is_alive',
        ])
        .where('v.vid', '=', link.vid)
        .executeTakeFirst();
      if (!row) return null;
      return {
        plate: row.vehicle_plate,
        displayName: row.vehicle_display_name,
        lat: row.lat,
        lon: row.lon,
        speed: row.speed,
        heading: row.heading,
        deviceTime: row.device_time === null ? null : Number(row.device_time),
        isAlive: row.is_alive,
        transitStatus: row.transit_status as TransitStatus | null,
        expiresAt: Number(link.expires_at),
      };
    },
  };
}
export type ShareLinkRepo = ReturnType<typeof createShareLinkRepo>;
