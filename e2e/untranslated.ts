import type { Page } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { MS_SPEC_TEXTS } from '../apps/web/src/i18n/ms/spec/ms-spec-texts.ts';

/** The plain texts of a catalogue by dotted key (formatters, which take values, are left out). */
function plainTexts(node: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (typeof node === 'string') out.set(path, node);
  else if (node !== null && typeof node === 'object' && !Array.isArray(node))
    for (const [key, value] of Object.entries(node)) plainTexts(value, path ? `${path}.${key}` : key, out);
  return out;
}

/**
 * Every English text the console owns whose Malay differs: the catalogue's labels and the spec's
 * fixed texts. One of them on a screen in Malay is a string that missed translation.
 */
function englishOnlyTexts(): Set<string> {
  const malay = plainTexts(ms, '', new Map());
  const texts = new Set<string>();
  for (const [key, text] of plainTexts(en, '', new Map())) if (malay.get(key) !== text) texts.add(text);
  for (const [text, malayText] of Object.entries(MS_SPEC_TEXTS))
    if (malayText !== text && !/\{\w+\}/.test(text)) texts.add(text);
  // One-letter and symbol-only texts say nothing about the language.
  for (const text of texts) if (!/[A-Za-z]{2}/.test(text)) texts.delete(text);
  return texts;
}

const ENGLISH_ONLY = englishOnlyTexts();

/**
 * The texts on the page, as a reader meets them: each element's own words (its direct text),
 * table headers, and the placeholders of empty fields. The map's canvas draws no DOM text.
 */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('[hidden], [aria-hidden="true"], script, style, .maplibregl-ctrl-attrib')) continue;
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (own) out.add(own);
      const placeholder = el.getAttribute('placeholder');
      if (placeholder) out.add(placeholder.trim());
    }
    return [...out];
  });
}

/** The English texts of ours a screen shows although the console speaks Malay. */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  return (await visibleTexts(page)).filter((text) => ENGLISH_ONLY.has(text));
}
