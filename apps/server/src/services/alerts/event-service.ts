import { EVENT_PAGE_LIMIT, filterEvents, type AlertEvent, type EventFilter } from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, requireReachableVids } from '../access.ts';

/** Event Record (spec 1 §2, §7): the events of vehicles the caller reaches. */
export function createEventService(repos: Pick<Repos, 'fleet' | 'events'>) {
  const { fleet, events } = repos;
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
