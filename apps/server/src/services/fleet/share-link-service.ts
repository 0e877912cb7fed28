import { randomBytes, randomUUID } from 'node:crypto';
import {
  SHARE_DEFAULT_HOURS,
  SHARE_LINKS_PER_USER,
  SHARE_PAGE_PREFIX,
  SHARE_TEXTS,
  type ShareAddRequest,
  type ShareLink,
  type ShareView,
} from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { ShareLinkRepo } from '../../storage/repos/fleet/share-link-repo.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import type { AuditActor } from '../../storage/repos/accounts/audit-repo.ts';
import { hashToken } from '../accounts/auth-service.ts';
import { auditActor, requireCall, requireReachableVids, type Actor } from '../access.ts';

/** The one answer of the public read for an unknown, expired or revoked token (never which). */
export const shareGone = (): AppError => AppError.notFound(SHARE_TEXTS.gone);

/** A link token: 32 random bytes, URL-safe; only its SHA-256 is stored. */
const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Share a live position (issue 28 item 6, ADR 0093): links to one vehicle of the caller's reach,
 * time-limited and revocable; the public read is one database read per request (no cache), so a
 * revocation holds at once on every node.
 */
export function createShareLinkService(deps: {
  repo: ShareLinkRepo;
  fleet: FleetRepo;
  /** The console's public address (JEJAK_PUBLIC_URL or the one learnt). */
  publicUrl: () => string;
  audit: (
    actor: AuditActor,
    action: string,
    slid: string,
    details: Record<string, unknown>,
    nowMs: number,
  ) => Promise<void>;
  now: () => number;
}) {
  const { repo } = deps;
  return {
    async add(actor: Actor, body: ShareAddRequest): Promise<{ link: ShareLink; url: string }> {
      const { user } = actor;
      requireCall(user, 'shareVehicles');
      await requireReachableVids(deps.fleet, user, [body.vid]);
      const nowMs = deps.now();
      if ((await repo.countActive(user.uid, nowMs)) >= SHARE_LINKS_PER_USER)
        throw AppError.validation(SHARE_TEXTS.tooMany);
      const token = newToken();
      const slid = randomUUID();
      const hours = body.expiresInHours ?? SHARE_DEFAULT_HOURS;
      await repo.insert({
        tokenHash: hashToken(token),
        slid,
        vid: body.vid,
        createdBy: user.uid,
        label: body.label,
        createdAt: nowMs,
        expiresAt: nowMs + hours * 3_600_000,
      });
      await deps.audit(auditActor(actor), 'sharelink.add', slid, { vid: body.vid, label: body.label, hours }, nowMs);
      const link = await repo.get(slid, nowMs);
      if (!link) throw AppError.notFound(SHARE_TEXTS.notFound);
      return { link, url: `${deps.publicUrl().replace(/\/+$/, '')}${SHARE_PAGE_PREFIX}${token}` };
    },

    /** The caller's own links (active, and ended within a week), of one vehicle if named. */
    async list(user: User, vid: string | undefined): Promise<ShareLink[]> {
      requireCall(user, 'shareVehicles');
      if (vid) await requireReachableVids(deps.fleet, user, [vid]);
      return repo.listOf(user.uid, vid, deps.now());
    },

    /** Revokes one of the caller's links; another user's is not found, as an unknown one. */
    async revoke(actor: Actor, slid: string): Promise<void> {
      const { user } = actor;
      requireCall(user, 'shareVehicles');
      if ((await repo.creatorOf(slid)) !== user.uid) throw AppError.notFound(SHARE_TEXTS.notFound);
      const nowMs = deps.now();
      if (await repo.revoke(slid, nowMs)) await deps.audit(auditActor(actor), 'sharelink.revoke', slid, {}, nowMs);
    },

    /** The public read: the vehicle's live position by the link's token, counted as an open. */
    async view(token: string): Promise<ShareView> {
      if (!token || token.length > 200) throw shareGone();
      const found = await repo.open(hashToken(token), deps.now());
      if (!found) throw shareGone();
      const hasFix = found.lat !== null && found.lon !== null;
      return {
        vehicle: { plate: found.plate, displayName: found.displayName },
        position: hasFix
          ? {
              lat: found.lat ?? 0,
              lon: found.lon ?? 0,
              speedKmh: found.speed,
              course: found.heading,
              at: found.deviceTime,
            }
          : null,
        status: found.isAlive === false ? 'DISCONNECTED' : found.transitStatus,
        expiresAt: found.expiresAt,
      };
    },
  };
}
export type ShareLinkService = ReturnType<typeof createShareLinkService>;
