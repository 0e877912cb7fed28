import type { WebhookSignalKind } from '@jejak/contract';
import type { WebhookSignalRow } from '../../storage/ingest/rows.ts';
import type { Batch } from './batch.ts';

const signal = (kind: WebhookSignalKind, row: Omit<WebhookSignalRow, 'kind'>): WebhookSignalRow => ({ kind, ...row });

/**
 * What a batch owes webhooks beside its events (ADR 0089): each geofence crossing, and each
 * tracker signing in (online) or its connection closing or timing out (offline), in time order.
 */
export function webhookSignals(b: Pick<Batch, 'crossings' | 'logs'>): WebhookSignalRow[] {
  const out: WebhookSignalRow[] = [];
  for (const { dvid, crossing: c } of b.crossings)
    out.push(
      signal(c.inside === 1 ? 'geofence.enter' : 'geofence.exit', {
        vid: c.vid,
        dvid: null,
        at: c.time,
        payload: { dvid, geoid: c.geoid, geofenceName: c.geofenceName, geoType: c.geoType, time: c.time },
      }),
    );
  for (const l of b.logs) {
    const kind =
      l.package === 'auth'
        ? 'tracker.online'
        : l.package === 'event#session#close' || l.package === 'event#session#timeout'
          ? 'tracker.offline'
          : null;
    if (kind)
      out.push(
        signal(kind, {
          vid: null,
          dvid: l.dvid,
          at: l.deviceTime,
          payload: {
            dvid: l.dvid,
            time: l.deviceTime,
            ...(kind === 'tracker.offline'
              ? { reason: l.package === 'event#session#timeout' ? 'timeout' : 'closed', message: l.deviceMessage }
              : {}),
          },
        }),
      );
  }
  // In time order: one vehicle's signals reach its webhooks as they happened.
  return out.sort((a, b) => a.at - b.at);
}
