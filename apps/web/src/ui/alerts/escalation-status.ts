import { ESCALATION_STATUS_LABELS, ESCALATION_UNKNOWN_LABEL } from '@jejak/contract';

const COLOURS: Readonly<Record<string, string>> = { '-1': 'red', '0': 'blue', '1': 'green' };

/** An escalation status code as its tag (spec 3 §4): -1 FAILED red, 0 PENDING blue, 1 SUCCESS green, else UNKNOWN. */
export function escalationStatusTag(status: number): { label: string; colour: string } {
  const key = String(status);
  return {
    label: ESCALATION_STATUS_LABELS[key] ?? ESCALATION_UNKNOWN_LABEL,
    colour: COLOURS[key] ?? 'default',
  };
}
