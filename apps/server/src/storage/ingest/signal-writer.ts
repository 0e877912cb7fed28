import { sql, type Kysely } from 'kysely';
import { jsonRecords } from '../db/json-records.ts';
import type { Database } from '../db/schema.ts';
import type { WebhookSignalRow } from './rows.ts';

/**
 * Writes webhook signals in the transaction that records what they tell (migration 037, ADR
 * 0089): in the batch's order, so one vehicle's signals keep theirs. A signal of a device with no
 * vehicle is dropped: webhooks are about vehicles.
 */
export async function writeWebhookSignals(trx: Kysely<Database>, rows: readonly WebhookSignalRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r, n) => ({ ...r, n, payload: JSON.stringify(r.payload) }));
  await sql`
    insert into webhook_signals (kind, vid, at, payload)
    select x.kind, coalesce(x.vid, v.vid), x.at, x.payload::jsonb
    from ${jsonRecords(records, { kind: 'text', vid: 'text', dvid: 'text', at: 'int8', payload: 'text', n: 'int8' })}
    left join vehicles v on x.vid is null and v.dvid = x.dvid
    where coalesce(x.vid, v.vid) is not null
    order by x.n`.execute(trx);
}
