import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { localizeSpecText } from '../../i18n/spec-texts.ts';
import { localizeReportTable } from './report-labels.ts';

const table = {
  columns: [
    { key: 'vehicle', label: 'Vehicle' },
    { key: 'status', label: 'Trip Status' },
    { key: 'moving', label: 'Moving (hours)' },
    { key: 'package', label: 'Data Package' },
    { key: 'lat', label: 'Latitude' },
    { key: 'tank', label: 'Tank' },
  ],
  rows: [
    {
      vehicle: 'PARKING LOT',
      status: 'TRANSIT (UNDER WAY)',
      moving: '3 mins 0 secs',
      package: 'gps#latest',
      lat: 3.0738123456789012,
      tank: 'fuel',
    },
  ],
};

describe('localizeReportTable', () => {
  it('words a report in Malay: headers, statuses, durations; codes in words and coordinates to 6 decimals', () => {
    const spec = (text: string) => localizeSpecText(text, 'ms');
    // The catalogue's Malay words are read through the same table the screen uses.
    const out = localizeReportTable(table, spec, { codes: en.codes, hours: 'jam' });
    expect(out.columns.map((c) => c.label)).toEqual([
      'Kenderaan',
      'Status Perjalanan',
      'Bergerak (jam)',
      'Pakej Data',
      'Latitud',
      'Tangki',
    ]);
    expect(out.rows[0]).toMatchObject({
      // A vehicle's name is never translated, even one in capitals.
      vehicle: 'PARKING LOT',
      status: 'TRANSIT (SEDANG BERLANGSUNG)',
      package: 'Position',
      lat: '3.073812',
      tank: 'Tank on port 0',
    });
  });

  it('leaves an English table’s words as the contract wrote them', () => {
    const out = localizeReportTable(table, (text) => localizeSpecText(text, 'en'), { codes: en.codes, hours: 'hours' });
    expect(out.columns.map((c) => c.label)).toEqual([
      'Vehicle',
      'Trip Status',
      'Moving (hours)',
      'Data Package',
      'Latitude',
      'Tank',
    ]);
    expect(out.rows[0]?.['moving']).toBe('3 mins 0 secs');
  });
});
