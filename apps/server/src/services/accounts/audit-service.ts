import type { AuditEntry, AuditRequest } from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall } from '../access.ts';

export function createAuditService(repos: Pick<Repos, 'auditLog'>) {
  const { auditLog: audit } = repos;
  return {
    /** The audit log, for super users only. */
    async list(caller: User, filter: AuditRequest): Promise<AuditEntry[]> {
      requireCall(caller, 'readAudit');
      return audit.list(filter);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
