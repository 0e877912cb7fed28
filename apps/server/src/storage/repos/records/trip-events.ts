import type { Db } from '../../db/database.ts';

/**
 * How many events each final trip of the vehicles overlapping the window holds (a trip's
 * numberOfEvents: events of its vehicle from its start to its end), by trid; trips without events
 * are absent. One grouped join on the (vid, start_time) and (vid, event_time) indexes.
 */
export async function tripEventCounts(
  db: Db,
  vids: readonly string[],
  startTime: number,
  endTime: number,
): Promise<Map<string, number>> {
  if (vids.length === 0) return new Map();
  const rows = await db
    .selectFrom('trip_records as t')
    .innerJoin('events as e', (join) =>
      join
        .onRef('e.vid', '=', 't.vid')
        .onRef('e.event_time', '>=', 't.start_time')
        .onRef('e.event_time', '<=', 't.end_time'),
    )
    .where('t.vid', 'in', [...new Set(vids)])
    .where('t.start_time', '<', endTime)
    .where('t.end_time', '>', startTime)
    .groupBy('t.trid')
    .select((eb) => ['t.trid', eb.fn.countAll().as('n')])
    .execute();
  return new Map(rows.map((r) => [r.trid, Number(r.n)]));
}
