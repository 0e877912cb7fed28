import {
  EscalationRecordsResponseSchema,
  EscalationStateResponseSchema,
  EscalationStatesResponseSchema,
  NOTIFICATION_PATHS,
  type EscalationCallRecord,
  type EscalationState,
  type EscalationStatesResponse,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

export interface TimeWindow {
  startTime: number;
  endTime: number;
}

export const escalationKeys = {
  all: ['escalations'] as const,
  states: (window: TimeWindow) => ['escalations', 'states', window.startTime, window.endTime] as const,
  records: (ecid: string, window: TimeWindow) =>
    ['escalations', 'records', ecid, window.startTime, window.endTime] as const,
};

/** POST /escalationcallstate/get (spec 3 §7): every call chain the caller reaches created in the window. */
export function fetchEscalationStates(window: TimeWindow): Promise<EscalationStatesResponse> {
  return apiPost(NOTIFICATION_PATHS.escalationStateGet, { nfids: [], ...window }, EscalationStatesResponseSchema);
}

/** POST /escalationcallrecord/get (spec 3 §7): the call attempts of one chain. */
export async function fetchEscalationRecords(ecid: string, window: TimeWindow): Promise<EscalationCallRecord[]> {
  const response = await apiPost(
    NOTIFICATION_PATHS.escalationRecordGet,
    { ecids: [ecid], ...window },
    EscalationRecordsResponseSchema,
  );
  return response.escalationCallRecords;
}

/** POST /escalationcallstate/update (spec 3 §4): acknowledges a chain, one way, with a remark. */
export async function acknowledgeEscalation(ecid: string, remark: string): Promise<EscalationState> {
  const response = await apiPost(
    NOTIFICATION_PATHS.escalationStateUpdate,
    { escalationCallState: { ecid, isAcknowledged: true, acknowledgedRemark: remark } },
    EscalationStateResponseSchema,
  );
  return response.escalationCallState;
}
