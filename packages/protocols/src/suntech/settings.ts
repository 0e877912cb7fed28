/**
 * Per-device Suntech settings (SessionOptions.settings), as the device form, the vector files'
 * `decoder_context` and `npm run decode --option` give them. Each is accepted under its plain name
 * (`hbm`) and the `set`-prefixed name (`setHbm`); a bad value falls back to the default with a warning.
 */
export interface SuntechSettings {
  /** ST910: 1 when reports carry a cell id after the time and an odometer after the fix (and Alert no version). */
  protocolType: 0 | 1;
  /** HBM_STT: 0 = no trailer; 1 = hour meter, backup volts, message type; 2 = also a serving cell. */
  hbm: 0 | 1 | 2;
  /** Three ADC values follow the hour-meter trailer. */
  includeAdc: boolean;
  /** An RPM value follows (ST300H). */
  includeRpm: boolean;
  /** Three `serial:value` temperature sensors follow the driver id. */
  includeTemp: boolean;
}

export const DEFAULT_SETTINGS: SuntechSettings = {
  protocolType: 0,
  hbm: 0,
  includeAdc: false,
  includeRpm: false,
  includeTemp: false,
};

type Raw = Readonly<Record<string, string | number | boolean>> | undefined;

export interface ParsedSettings {
  settings: SuntechSettings;
  warnings: string[];
}

export function parseSuntechSettings(raw: Raw): ParsedSettings {
  const warnings: string[] = [];
  const pick = (name: string): string | number | boolean | undefined => {
    const plain = raw?.[name];
    const prefixed = raw?.[`set${name.charAt(0).toUpperCase()}${name.slice(1)}`];
    return plain ?? prefixed;
  };
  const choice = <T extends number>(name: string, allowed: readonly T[], fallback: T): T => {
    const v = pick(name);
    if (v === undefined || v === '') return fallback;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : NaN;
    const found = allowed.find((a) => a === n);
    if (found !== undefined) return found;
    warnings.push(
      `Suntech setting ${name}: ${JSON.stringify(v)} is not one of ${allowed.join('/')}, using ${fallback}`,
    );
    return fallback;
  };
  const flag = (name: string): boolean => {
    const v = pick(name);
    if (v === undefined || v === '') return false;
    if (v === true || v === 1 || v === 'true' || v === '1') return true;
    if (v === false || v === 0 || v === 'false' || v === '0') return false;
    warnings.push(`Suntech setting ${name}: ${JSON.stringify(v)} is not a boolean, using false`);
    return false;
  };
  const settings: SuntechSettings = {
    protocolType: choice('protocolType', [0, 1] as const, 0),
    hbm: choice('hbm', [0, 1, 2] as const, 0),
    includeAdc: flag('includeAdc'),
    includeRpm: flag('includeRpm'),
    includeTemp: flag('includeTemp'),
  };
  return { settings, warnings };
}
