import { EVENT_PAGE_LIMIT, filterEvents, type AlertEvent, type EventFilter } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { EventRepo } from '../../storage/repos/alerts/event-repo.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import { requireCall, viewerOf } from '../access.ts';

/**
 * Every vid must be a vehicle the caller reaches; one that is not (foreign or missing alike)
 * refuses the whole call, as a permission would, so nothing tells the two apart.
 */
export async function requireReachableVids(fleet: FleetRepo, caller: User, vids: readonly string[]): Promise<void> {
  const unique = [...new Set(vids)];
  const visible = await fleet.filterVisibleVids(viewerOf(caller), unique);
  if (visible.length !== unique.length) throw AppError.forbidden();
}

/** Event Record (spec 1 §2, §7): the events of vehicles the caller reaches. */
export function createEventService(fleet: FleetRepo, events: EventRepo) {
  return {
    async inWindow(
      caller: User,
      req: { vids: string[]; startTime: number; endTime: number },
    ): Promise<{ eventLogs: AlertEvent[]; truncated: boolean }> {
      requireCall(caller, 'readEvents');
      await requireReachableVids(fleet, caller, req.vids);
      const found = await events.inWindow(req.vids, req.startTime, req.endTime, EVENT_PAGE_LIMIT);
      return { eventLogs: found.events, truncated: found.truncated };
    },

    /** The export of Event Record's list: one vehicle's events of one type (or ALL), with its name. */
    async forExport(
      caller: User,
      req: { vid: string; startTime: number; endTime: number; eventType: EventFilter },
    ): Promise<{ events: AlertEvent[]; vehicle: string }> {
      const { eventLogs } = await this.inWindow(caller, {
        vids: [req.vid],
        startTime: req.startTime,
        endTime: req.endTime,
      });
      const vehicle = (await fleet.vehicleHeading(req.vid))?.displayName ?? req.vid;
      return { events: filterEvents(eventLogs, req.eventType), vehicle };
    },
  };
}
export type EventService = ReturnType<typeof createEventService>;
