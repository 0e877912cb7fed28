import {
  EscalationRecordsResponseSchema,
  EscalationStateResponseSchema,
  EscalationStatesResponseSchema,
  GetEscalationRecordsRequestSchema,
  GetEscalationStatesRequestSchema,
  UpdateEscalationStateRequestSchema,
} from '../alerts/notifications.ts';
import { op, type Operation } from './openapi-accounts.ts';
import { API_PATHS } from './routes.ts';

/** The SOS Alerts calls of spec 3 §7, for the OpenAPI document. */
export const ESCALATION_OPERATIONS: readonly Operation[] = [
  op(
    API_PATHS.escalationStateGet,
    'Escalation call chains in a time range',
    GetEscalationStatesRequestSchema,
    EscalationStatesResponseSchema,
  ),
  op(
    API_PATHS.escalationStateUpdate,
    'Acknowledge an escalation (one way) with a remark',
    UpdateEscalationStateRequestSchema,
    EscalationStateResponseSchema,
  ),
  op(
    API_PATHS.escalationRecordGet,
    'Call records of escalation chains',
    GetEscalationRecordsRequestSchema,
    EscalationRecordsResponseSchema,
  ),
];
