import { DEVICE_MESSAGE_VALUES, RULE_PARAMETERS, WEEK_DAYS, type RuleParameter } from '@jejak/contract';
import { DEVICE_MESSAGES } from '@jejak/domain';
import { Input, InputNumber, Select } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

export interface GeofenceOption {
  value: string;
  label: string;
}

interface ConditionValueProps {
  id: string;
  parameter: RuleParameter | undefined;
  geofences: readonly GeofenceOption[];
  disabled: boolean;
  value?: number | string | number[];
  onChange?: (value: number | string | number[] | undefined) => void;
}

/**
 * The value control of a condition (spec 2 §5 "Condition value forms", §9): km/h, minutes,
 * Sunday to Saturday, 24-hour HHmm, a device message ('help me' is SOS), a 0/1 flag with its
 * words, or one of the user's geofences.
 */
export function ConditionValue({ id, parameter, geofences, disabled, value, onChange }: ConditionValueProps) {
  const r = useStrings().rules;
  if (!parameter) return <Input id={id} disabled aria-label={r.ruleForm.value} />;
  const common = { id, disabled, 'aria-label': r.ruleForm.value, className: 'condition-value' };
  const kind = RULE_PARAMETERS[parameter].value;
  switch (kind) {
    case 'number': {
      const minutes = parameter === 'parkingTime' || parameter === 'idlingTime';
      return (
        <InputNumber<number>
          {...common}
          min={0}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange?.(v ?? undefined)}
          suffix={minutes ? r.units.minutes : r.units.kmh}
        />
      );
    }
    case 'days':
      return (
        <Select<number[]>
          {...common}
          mode="multiple"
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange?.([...v].sort((a, b) => a - b))}
          options={WEEK_DAYS.map((day, i) => ({ value: i, label: day }))}
        />
      );
    case 'hhmm':
      return (
        <Input
          {...common}
          maxLength={4}
          inputMode="numeric"
          placeholder={r.hhmmPlaceholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        />
      );
    case 'message':
      return (
        <Select<string>
          {...common}
          showSearch
          value={typeof value === 'string' ? value : undefined}
          onChange={(v) => onChange?.(v)}
          options={DEVICE_MESSAGE_VALUES.map((m) => ({
            value: m,
            label: m === DEVICE_MESSAGES.sos ? r.sosMessage(m) : m,
          }))}
        />
      );
    case 'flag': {
      const words = r.flags[parameter as keyof typeof r.flags];
      return (
        <Select<number>
          {...common}
          value={value === 0 || value === 1 ? value : undefined}
          onChange={(v) => onChange?.(v)}
          options={[0, 1].map((flag) => ({ value: flag, label: `${flag} ${words[flag] ?? ''}`.trim() }))}
        />
      );
    }
    case 'geoid':
      return (
        <Select<string>
          {...common}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled || geofences.length === 0}
          placeholder={geofences.length === 0 ? r.noGeofences : undefined}
          value={typeof value === 'string' ? value : undefined}
          onChange={(v) => onChange?.(v)}
          options={[...geofences]}
        />
      );
  }
}
