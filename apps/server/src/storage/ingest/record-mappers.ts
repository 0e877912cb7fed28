import { isTransitStatus, type TransitRecordValue, type TripRecordValue } from '@jejak/domain';
import type { Selectable } from 'kysely';
import type { TransitRecordsTable, TripRecordsTable } from '../db/schema.ts';

/** A stored transit record as the segmenter made it; none for a status we no longer know. */
export function toTransitValue(r: Selectable<TransitRecordsTable>): TransitRecordValue[] {
  if (!isTransitStatus(r.transit_status)) return [];
  return [
    {
      transitStatus: r.transit_status,
      startTime: r.start_time,
      endTime: r.end_time,
      duration: r.duration,
      totalMileage: r.total_mileage,
      topSpeed: r.top_speed,
      avgSpeed: r.avg_speed,
      totalFuel: r.total_fuel,
      startLocation: { lat: r.start_lat, lon: r.start_lon },
      endLocation: { lat: r.end_lat, lon: r.end_lon },
    },
  ];
}

export function toTripValue(r: Selectable<TripRecordsTable>): TripRecordValue {
  return {
    tripStatus: r.trip_status === 'PARKING' ? 'PARKING' : 'TRANSIT',
    startTime: r.start_time,
    endTime: r.end_time,
    totalDistance: r.total_distance,
    topSpeed: r.top_speed,
    totalMovingDuration: r.total_moving_duration,
    totalIdlingDuration: r.total_idling_duration,
  };
}
