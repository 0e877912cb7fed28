import {
  DeviceResponseSchema,
  deviceRowRequest,
  geofenceRowRequest,
  MANAGEMENT_PATHS,
  MANAGEMENT_TEXTS,
  VehicleResponseSchema,
  vehicleRowRequest,
  type BulkKind,
  type DeviceColumnKey,
  type VehicleColumnKey,
} from '@jejak/contract';
import type { BulkRowStatus } from '@jejak/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiPost } from '../../api/client.ts';
import { addGeofence } from '../../api/geofences/geofences.ts';
import { deviceChoices, type BulkContext, type BulkRow } from './bulk-check.ts';

/*
 * The upload of spec 2 §4: row by row, READY → LOADING → SUCCESS, WARNING (uploaded, with the
 * row's warning) or FAILED (with the server's message). Row changes are kept in a ref and shown
 * at most every 100 ms, so 2,000 rows cost a few dozen renders, not 4,000.
 */

export interface UploadState {
  rows: BulkRow[] | null;
  done: number;
  total: number;
  running: boolean;
  finished: boolean;
}

const IDLE: UploadState = { rows: null, done: 0, total: 0, running: false, finished: false };
const FLUSH_MS = 100;

async function send(kind: BulkKind, row: BulkRow, ctx: BulkContext): Promise<void> {
  switch (kind) {
    case 'device':
      await apiPost(
        MANAGEMENT_PATHS.deviceAdd,
        deviceRowRequest(row.values as Record<DeviceColumnKey, string>, ctx.uid),
        DeviceResponseSchema,
      );
      return;
    case 'vehicle':
      await apiPost(
        MANAGEMENT_PATHS.vehicleAdd,
        vehicleRowRequest(row.values as Record<VehicleColumnKey, string>, { uid: ctx.uid }, deviceChoices(ctx)),
        VehicleResponseSchema,
      );
      return;
    case 'geofence':
      await addGeofence(geofenceRowRequest(row.values, ctx.uid, ctx.templates));
  }
}

export function useBulkUpload(kind: BulkKind) {
  const [state, setState] = useState<UploadState>(IDLE);
  const live = useRef<{ rows: BulkRow[]; done: number; timer: number | null }>({ rows: [], done: 0, timer: null });
  const stopped = useRef(false);

  const flush = useCallback(() => {
    const l = live.current;
    if (l.timer !== null) window.clearTimeout(l.timer);
    l.timer = null;
    setState((s) => ({ ...s, rows: [...l.rows], done: l.done }));
  }, []);
  const schedule = useCallback(() => {
    if (live.current.timer === null) live.current.timer = window.setTimeout(flush, FLUSH_MS);
  }, [flush]);

  useEffect(
    () => () => {
      // Closing the dialog (or leaving the page) stops the upload after the row in flight.
      stopped.current = true;
      if (live.current.timer !== null) window.clearTimeout(live.current.timer);
    },
    [],
  );

  const start = useCallback(
    async (rows: readonly BulkRow[], ctx: BulkContext, onFinished: () => void) => {
      stopped.current = false;
      const l = live.current;
      l.rows = rows.map((r) => ({ ...r }));
      l.done = 0;
      const queue = l.rows.flatMap((r, i) => (r.status === 'READY' ? [i] : []));
      setState({ rows: [...l.rows], done: 0, total: queue.length, running: true, finished: false });
      const mark = (i: number, status: BulkRowStatus, message: string | null) => {
        const row = l.rows[i];
        if (row) l.rows[i] = { ...row, status, message };
        schedule();
      };
      for (const i of queue) {
        if (stopped.current) break;
        const row = l.rows[i];
        if (!row) continue;
        mark(i, 'LOADING', row.message);
        try {
          await send(kind, row, ctx);
          mark(i, row.message ? 'WARNING' : 'SUCCESS', row.message);
        } catch (error) {
          mark(
            i,
            'FAILED',
            error instanceof ApiError && error.message ? error.message : MANAGEMENT_TEXTS.somethingWrong,
          );
        }
        l.done++;
      }
      if (!stopped.current) {
        flush();
        setState((s) => ({ ...s, running: false, finished: true }));
      }
      // Also after Cancel mid-upload: the rows already added must show in the tab.
      if (l.done > 0) onFinished();
    },
    [kind, flush, schedule],
  );

  const reset = useCallback(() => {
    stopped.current = true;
    setState(IDLE);
  }, []);

  return { state, start, reset };
}
