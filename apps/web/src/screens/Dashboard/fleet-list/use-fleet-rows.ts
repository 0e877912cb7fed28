import { fleetRow, type FleetRow } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { hierarchyQuery } from '../../../api/accounts/user.ts';
import { liveStore } from '../../../store/live-store.ts';
import { useSessionUser } from '../../../store/session.ts';
import { subscribeThrottled } from '../../../store/throttled.ts';
import { useGroupNames } from './use-fleet-filter.ts';

/** The list is rebuilt from the live store at most this often: speeds stay fresh, 20k rows stay cheap. */
const REFRESH_MS = 1_000;
/** The ages ("5 min ago") move on this often when nothing reports. */
const CLOCK_MS = 15_000;

export interface FleetRows {
  /** Every vehicle the user sees, as the live store has it now. */
  rows: readonly FleetRow[];
  /** The clock the rows' ages are read against (it moves with each refresh). */
  nowMs: number;
  /** The fleet (the hierarchy) has not arrived yet. */
  loading: boolean;
}

/**
 * The fleet list's rows: one per vehicle of the live store (which useLiveFleet fills from the
 * hierarchy and the live channel), with the names of the user's groups that hold it.
 */
export function useFleetRows(): FleetRows {
  const loading = useFleetLoading();
  const groupNames = useGroupNames();
  const [state, setState] = useState<{ rows: readonly FleetRow[]; nowMs: number }>({ rows: [], nowMs: Date.now() });

  useEffect(
    () =>
      subscribeThrottled(
        liveStore.subscribe,
        () => {
          const rows: FleetRow[] = [];
          for (const vehicle of liveStore.vehicles()) {
            rows.push(fleetRow(vehicle, liveStore.device(vehicle.dvid), (vid) => groupNames.get(vid) ?? []));
          }
          setState({ rows, nowMs: Date.now() });
        },
        REFRESH_MS,
      ),
    [groupNames],
  );

  useEffect(() => {
    const clock = setInterval(() => setState((before) => ({ ...before, nowMs: Date.now() })), CLOCK_MS);
    return () => clearInterval(clock);
  }, []);

  return { ...state, loading };
}

/** Whether the user's fleet (the hierarchy useLiveFleet loads) is still on its way. */
export function useFleetLoading(): boolean {
  const { uid } = useSessionUser();
  // The same query useLiveFleet runs, read from its cache.
  return useQuery(hierarchyQuery(uid)).isPending;
}
