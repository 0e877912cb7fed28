import type { FastifyInstance } from 'fastify';
import {
  GetEscalationRecordsRequestSchema,
  GetEscalationStatesRequestSchema,
  NOTIFICATION_PATHS,
  UpdateEscalationStateRequestSchema,
  type EscalationRecordsResponse,
  type EscalationStateResponse,
  type EscalationStatesResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { EscalationService } from '../../services/alerts/escalation-service.ts';
import { requireUser } from '../session.ts';

/** SOS Alerts (spec 3 §7): thin; the service checks grant and reach. */
export function registerEscalationRoutes(
  app: FastifyInstance,
  auth: AuthService,
  escalations: EscalationService,
): void {
  app.post(NOTIFICATION_PATHS.escalationStateGet, async (request): Promise<EscalationStatesResponse> => {
    const caller = await requireUser(auth, request);
    const req = GetEscalationStatesRequestSchema.parse(request.body);
    return { status: 200, ...(await escalations.states(caller, req)) };
  });

  app.post(NOTIFICATION_PATHS.escalationStateUpdate, async (request): Promise<EscalationStateResponse> => {
    const caller = await requireUser(auth, request);
    const { escalationCallState } = UpdateEscalationStateRequestSchema.parse(request.body);
    return { status: 200, escalationCallState: await escalations.acknowledge(caller, escalationCallState) };
  });

  app.post(NOTIFICATION_PATHS.escalationRecordGet, async (request): Promise<EscalationRecordsResponse> => {
    const caller = await requireUser(auth, request);
    const req = GetEscalationRecordsRequestSchema.parse(request.body);
    return { status: 200, escalationCallRecords: await escalations.records(caller, req) };
  });
}
