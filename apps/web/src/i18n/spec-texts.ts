import { REPORT_TEXTS } from '@jejak/contract';
import { MS_SPEC_TEXTS } from './ms/spec/ms-spec-texts.ts';

const PLACEHOLDER = /\{(n|name|date)\}/g;
const HAS_PLACEHOLDER = /\{(n|name|date)\}/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  pattern: RegExp;
  names: string[];
  ms: string;
}

/** Texts with values filled in ('Resolve {n} Ticket(s)?'), matched as patterns. */
const TEMPLATES: Template[] = Object.entries(MS_SPEC_TEXTS)
  .filter(([en]) => HAS_PLACEHOLDER.test(en))
  .map(([en, ms]) => {
    const names = [...en.matchAll(PLACEHOLDER)].map((m) => m[0]);
    const parts = en.split(PLACEHOLDER).map((part, i) => (i % 2 === 0 ? escape(part) : '(.+?)'));
    return { pattern: new RegExp(`^${parts.join('')}$`), names, ms };
  });

const REPORT_ERROR_PREFIX = REPORT_TEXTS.error('');

/**
 * A spec text in the user's language: Malay where the table has it (whole, or as a template with
 * its values kept), else the text as it came (a server's own words, a vehicle's name).
 */
export function localizeSpecText(text: string, locale: 'en' | 'ms'): string {
  if (locale === 'en') return text;
  const whole = MS_SPEC_TEXTS[text];
  if (whole !== undefined) return whole;
  if (text.startsWith(REPORT_ERROR_PREFIX)) {
    return `Ralat mendapatkan laporan ${localizeSpecText(text.slice(REPORT_ERROR_PREFIX.length), locale)}`;
  }
  for (const t of TEMPLATES) {
    const match = t.pattern.exec(text);
    if (match) return t.names.reduce((out, name, i) => out.replace(name, match[i + 1] ?? ''), t.ms);
  }
  return text;
}
