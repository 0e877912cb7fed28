import { NOTIFICATION_TEXTS, type EscalationState } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { fetchEscalationStates, type TimeWindow } from '../../api/alerts/escalations.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

export interface EscalationLookup {
  /** null before the first Submit. */
  states: readonly EscalationState[] | null;
  loading: boolean;
  submit: (window: TimeWindow) => void;
  /** A state as the server answered after acknowledging it. */
  replace: (state: EscalationState) => void;
}

/** '{n} Record Found!' or 'No Records Found!' (spec 3 §8). */
export function foundText(n: number): string {
  return n > 0 ? NOTIFICATION_TEXTS.escalationFound.replace('{n}', String(n)) : NOTIFICATION_TEXTS.escalationNone;
}

/** SOS Alerts' lookup (spec 3 §2): the call chains created in the window. */
export function useEscalations(): EscalationLookup {
  const [result, setResult] = useState<{ states: EscalationState[] } | null>(null);
  const lookup = useMutation({
    mutationFn: fetchEscalationStates,
    onSuccess: (response) => setResult({ states: response.escalationCallState }),
    onError: (error) => {
      setResult(null);
      showToast('error', errorText(error));
    },
  });
  return {
    states: result?.states ?? null,
    loading: lookup.isPending,
    submit: (window) => lookup.mutate(window),
    replace: (state) =>
      setResult((current) =>
        current ? { states: current.states.map((s) => (s.ecid === state.ecid ? state : s)) } : current,
      ),
  };
}
