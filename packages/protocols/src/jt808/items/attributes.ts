import type { Alarm } from '@jejak/domain';
import type { AttributeValue } from '../../message.ts';

/** Models whose location layout differs (Traccar's JT808 notes name them; so do the captures). */
export const AOVX_MODELS: ReadonlySet<string> = new Set(['AL300', 'GL100']);
export const JC_MODELS: ReadonlySet<string> = new Set(['JC371', 'JC181', 'JC182', 'JC450', 'JC451']);
export const DOOR_MODELS: ReadonlySet<string> = new Set(['MV810G', 'MV710G']);

/** Attributes of one report, with alarms added first-come (the most serious are checked first). */
export type Attributes = Record<string, AttributeValue>;

export function addAlarm(attributes: Attributes, alarm: Alarm | null): void {
  if (alarm !== null && attributes.alarm === undefined) attributes.alarm = alarm;
}
