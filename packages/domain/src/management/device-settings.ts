/**
 * Per-device settings of the protocols whose reports differ by a device's configuration (issue 29
 * item 2), by device model: the device form shows them, the API checks them, the decoders read
 * them, and `npm run decode --option NAME=VALUE` passes them.
 */

/** One per-device setting of a protocol: a yes/no flag or one of fixed values. */
export type ProtocolSetting =
  | { name: string; kind: 'flag'; default: boolean }
  | { name: string; kind: 'choice'; values: readonly (string | number)[]; default: string | number };

export type SettingValue = string | number | boolean;

/**
 * A setting's value from text (a command line, a form) or JSON, checked against its definition;
 * `set`-prefixed names, as Traccar's tests and the vector files spell them (`setHbm`), are taken
 * as the plain name. Returns the settings or the reason they are refused.
 */
export function checkSettings(
  definitions: readonly ProtocolSetting[],
  raw: Readonly<Record<string, unknown>>,
): { settings: Record<string, SettingValue> } | { error: string } {
  const settings: Record<string, SettingValue> = {};
  for (const [given, value] of Object.entries(raw)) {
    const name = /^set[A-Z]/.test(given) ? given.charAt(3).toLowerCase() + given.slice(4) : given;
    const def = definitions.find((d) => d.name === name);
    if (!def) {
      const known = definitions.map((d) => d.name).join(', ') || 'none';
      return { error: `unknown setting '${given}' (this protocol takes: ${known})` };
    }
    const text = typeof value === 'string' ? value.trim() : value;
    if (def.kind === 'flag') {
      if (text === true || text === 'true' || text === 1 || text === '1') settings[name] = true;
      else if (text === false || text === 'false' || text === 0 || text === '0') settings[name] = false;
      else return { error: `setting ${name} is true or false, not ${JSON.stringify(value)}` };
      continue;
    }
    const found = def.values.find((v) => v === text || String(v) === String(text));
    if (found === undefined)
      return { error: `setting ${name} is one of ${def.values.join(', ')}, not ${JSON.stringify(value)}` };
    settings[name] = found;
  }
  return { settings };
}

/** The settings of each model that has any (the protocol table points at these). */
export const DEVICE_SETTINGS = {
  // Suntech (ST300 family): which optional fields the reports carry.
  ST300: [
    {
      name: 'protocolType',
      kind: 'choice',
      values: [0, 1],
      default: 0,
    },
    {
      name: 'hbm',
      kind: 'choice',
      values: [0, 1, 2],
      default: 0,
    },
    { name: 'includeAdc', kind: 'flag', default: false },
    { name: 'includeRpm', kind: 'flag', default: false },
    { name: 'includeTemp', kind: 'flag', default: false },
    {
      name: 'commandPrefix',
      kind: 'choice',
      values: ['ST300', 'ST340', 'ST600', 'SA200', 'ST910'],
      default: 'ST300',
    },
  ] as readonly ProtocolSetting[],
  // JT/T 808: the vendor layout of the extra fields and how commands are sent.
  JT808: [
    {
      name: 'modelOverride',
      kind: 'choice',
      values: ['', 'JC371', 'JC181', 'JC450', 'AL300', 'GL100', 'MV710G', 'MV810G', 'C5L', 'DT800'],
      default: '',
    },
    {
      name: 'engineControl',
      kind: 'choice',
      values: ['terminal', 'text'],
      default: 'terminal',
    },
    {
      name: 'jt808Version',
      kind: 'choice',
      values: [2013, 2019],
      default: 2013,
    },
  ] as readonly ProtocolSetting[],
} satisfies Record<string, readonly ProtocolSetting[]>;

/** The settings a device of `model` takes (none for most). */
export function settingsOfModel(model: string): readonly ProtocolSetting[] {
  return (DEVICE_SETTINGS as Record<string, readonly ProtocolSetting[] | undefined>)[model] ?? [];
}
