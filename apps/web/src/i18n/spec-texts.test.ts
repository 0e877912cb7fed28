import * as contract from '@jejak/contract';
import * as domain from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { MS_SPEC_TEXTS } from './ms/spec/ms-spec-texts.ts';
import { localizeSpecText } from './spec-texts.ts';

/**
 * Every string in the exported *_TEXTS, *MESSAGES and *_LABELS objects of contract and domain,
 * the column headers of the contract's tables, and the codes screens show as words (transit
 * statuses, event types, permit statuses).
 */
function specTexts(): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') found.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries({ ...contract, ...domain })) {
    if (/(TEXTS|MESSAGES|LABELS)$/.test(name)) walk(value);
  }
  for (const [name, value] of Object.entries(contract)) {
    if (name.endsWith('_COLUMNS') && Array.isArray(value))
      walk((value as unknown[]).map((c) => (c as { label?: unknown }).label));
  }
  walk(domain.TRANSIT_STATUSES);
  walk(contract.EVENT_TYPES);
  walk(domain.PERMIT_STATUSES);
  return [...found];
}

describe('spec texts in Bahasa Malaysia', () => {
  it('has a Malay text for every fixed text and label of the contract and the domain', () => {
    const texts = specTexts();
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter((t) => MS_SPEC_TEXTS[t] === undefined)).toEqual([]);
  });

  it('keeps every placeholder of a text in its Malay text', () => {
    for (const [en, ms] of Object.entries(MS_SPEC_TEXTS)) {
      const holes = (t: string) => [...t.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      expect(holes(ms), en).toEqual(holes(en));
    }
  });

  it('translates whole texts, filled templates and report errors, and leaves other words alone', () => {
    expect(localizeSpecText(contract.MESSAGES.offline, 'ms')).toBe('Ralat rangkaian. Muat semula halaman ?');
    expect(localizeSpecText(contract.MESSAGES.offline, 'en')).toBe(contract.MESSAGES.offline);
    expect(localizeSpecText('Resolve 3 Ticket(s)?', 'ms')).toBe('Selesaikan 3 Tiket?');
    expect(localizeSpecText('Rule "Speeding" Violated', 'ms')).toBe('Peraturan "Speeding" Dilanggar');
    expect(localizeSpecText(contract.REPORT_TEXTS.error('Vehicle does not exist'), 'ms')).toBe(
      'Ralat mendapatkan laporan Kenderaan tidak wujud',
    );
    expect(localizeSpecText(contract.bulkTemplateUnknown('Depoh'), 'ms')).toBe(
      'Tiada templat geopagar bernama "Depoh"',
    );
    expect(localizeSpecText(contract.bulkZonePointBad(2), 'ms')).toBe(
      'Titik 2 dalam Titik Zon bukan "lat lon" (cth. 3.1390 101.6869)',
    );
    expect(localizeSpecText('Lori 01 Puchong', 'ms')).toBe('Lori 01 Puchong');
  });
});
