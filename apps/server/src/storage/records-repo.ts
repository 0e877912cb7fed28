import type { TransitRecord } from '@jejak/contract';
import { isTransitStatus } from '@jejak/domain';
import type { Db } from './database.ts';

export function createRecordsRepo(db: Db) {
  return {
    /** Transit records of one vehicle overlapping [startTime, endTime), oldest first. */
    async transitRecords(vid: string, startTime: number, endTime: number): Promise<TransitRecord[]> {
      const rows = await db
        .selectFrom('transit_records')
        .selectAll()
        .where('vid', '=', vid)
        .where('start_time', '<', endTime)
        .where('end_time', '>', startTime)
        .orderBy('start_time')
        .limit(10_000)
        .execute();
      return rows.flatMap((r) =>
        isTransitStatus(r.transit_status)
          ? [
              {
                tsid: r.tsid,
                trid: null,
                vid: r.vid,
                transitStatus: r.transit_status,
                startTime: r.start_time,
                endTime: r.end_time,
                duration: r.duration,
                totalMileage: r.total_mileage,
                topSpeed: r.top_speed,
                avgSpeed: r.avg_speed,
                totalFuel: r.total_fuel,
                startAddress: r.start_address,
                endAddress: r.end_address,
                startLocation: { lat: r.start_lat, lon: r.start_lon },
                endLocation: { lat: r.end_lat, lon: r.end_lon },
                createdAt: r.created_at,
              },
            ]
          : [],
      );
    },
  };
}
export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
