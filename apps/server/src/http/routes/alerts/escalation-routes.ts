import { OPERATIONS } from '@jejak/contract';
import type { EscalationService } from '../../../services/alerts/escalation-service.ts';
import type { Route } from '../../route-table.ts';

/** SOS Alerts (spec 3 §7): thin; the service checks reach. */
export function registerEscalationRoutes(route: Route, escalations: EscalationService): void {
  route(OPERATIONS.escalationStateGet, async ({ user, body }) => ({
    status: 200,
    ...(await escalations.states(user, body)),
  }));

  route(OPERATIONS.escalationStateUpdate, async ({ user, body }) => ({
    status: 200,
    escalationCallState: await escalations.acknowledge(user, body.escalationCallState),
  }));

  route(OPERATIONS.escalationRecordGet, async ({ user, body }) => ({
    status: 200,
    escalationCallRecords: await escalations.records(user, body),
  }));
}
