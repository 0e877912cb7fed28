import { sql, type Transaction } from 'kysely';
import type { DeviceLogRow } from './ingest-store.ts';
import { col } from './log-writer.ts';
import type { Database } from './schema.ts';

/**
 * The newest of a batch's log rows per device, by server time (then device time). Session rows
 * (a connection closed, timed out or failed) are the server's, not a package the device sent.
 */
function newestPerDevice(logs: readonly DeviceLogRow[]): DeviceLogRow[] {
  const newest = new Map<string, DeviceLogRow>();
  for (const l of logs) {
    if (l.package.startsWith('event#session#')) continue;
    const seen = newest.get(l.dvid);
    if (!seen || l.createdAt > seen.createdAt || (l.createdAt === seen.createdAt && l.deviceTime >= seen.deviceTime))
      newest.set(l.dvid, l);
  }
  return [...newest.values()];
}

/**
 * What the Devices tab shows of a device's last stored record (spec 2 §2: package, fuel %,
 * server time), kept on the devices row so the tab reads no log partition. The caller holds
 * the rows' locks (ingest-store.ts); a batch that commits late never overwrites a newer record.
 */
export async function writeDeviceLast(trx: Transaction<Database>, logs: readonly DeviceLogRow[]): Promise<void> {
  const rows = newestPerDevice(logs);
  if (rows.length === 0) return;
  await sql`
    update devices d set last_package = x.package, last_fuel_l = coalesce(x.fuel, d.last_fuel_l),
      last_record_at = x.created_at
    from unnest(${col(rows, 'dvid')}::text[], ${col(rows, 'package')}::text[], ${col(rows, 'fuel')}::float8[],
      ${col(rows, 'createdAt')}::int8[]) as x(dvid, package, fuel, created_at)
    where d.dvid = x.dvid and (d.last_record_at is null or x.created_at >= d.last_record_at)`.execute(trx);
}
