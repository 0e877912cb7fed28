import type { AuditEntry, AuditRequest } from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { AuditRepo } from '../../storage/repos/accounts/audit-repo.ts';
import { requireCall } from '../access.ts';

export function createAuditService(audit: AuditRepo) {
  return {
    /** The audit log, for super users only. */
    async list(caller: User, filter: AuditRequest): Promise<AuditEntry[]> {
      requireCall(caller, 'readAudit');
      return audit.list(filter);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
