import type { ManagedDevice } from '@jejak/contract';
import { useEffect, useState } from 'react';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';
import { mergeLiveDevices } from './live-devices.ts';

/** Live updates reach the table at most once a second: one render per batch, never per message. */
const LIVE_BATCH_MS = 1000;

/** The loaded device rows, kept current by the live store (fed by the frame's live channel). */
export function useLiveDeviceRows(rows: readonly ManagedDevice[] | undefined): readonly ManagedDevice[] {
  const [merged, setMerged] = useState<readonly ManagedDevice[]>([]);
  useEffect(() => {
    if (!rows) return;
    let current: readonly ManagedDevice[] = rows;
    let first = true;
    return subscribeThrottled(
      liveStore.subscribe,
      () => {
        const next = mergeLiveDevices(current, (dvid) => liveStore.device(dvid));
        if (next === current && !first) return;
        first = false;
        current = next;
        setMerged(next);
      },
      LIVE_BATCH_MS,
    );
  }, [rows]);
  return merged;
}
