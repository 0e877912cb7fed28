import type { TransitRecord, VehicleWindowRequest } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { RecordsRepo } from '../storage/records-repo.ts';
import { viewerOf } from './user-service.ts';

export function createRecordsService(fleet: FleetRepo, records: RecordsRepo) {
  return {
    async transitRecords(caller: User, req: VehicleWindowRequest): Promise<TransitRecord[]> {
      // A vehicle out of reach answers like a missing one.
      if (!(await fleet.isVehicleVisible(viewerOf(caller), req.vid))) throw AppError.notFound('Vehicle not found');
      return records.transitRecords(req.vid, req.startTime, req.endTime);
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
