import { sql, type Transaction } from 'kysely';
import type { DeviceLogRow } from './rows.ts';
import { jsonRecords } from '../db/json-records.ts';
import type { Database } from '../db/schema.ts';

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
  // Only the columns read, not the log rows with their attributes.
  const rows = newestPerDevice(logs).map(({ dvid, package: pkg, fuel, createdAt }) => ({ dvid, pkg, fuel, createdAt }));
  if (rows.length === 0) return;
  await sql`
    update devices d set last_package = x.pkg, last_fuel_l = coalesce(x.fuel, d.last_fuel_l),
      last_record_at = x."createdAt"
    from ${jsonRecords(rows, { dvid: 'text', pkg: 'text', fuel: 'float8', createdAt: 'int8' })}
    where d.dvid = x.dvid and (d.last_record_at is null or x."createdAt" >= d.last_record_at)`.execute(trx);
}
