import { createContext, useContext } from 'react';
import { en, type Strings } from './en.ts';

/** Console languages (DESIGN §7): English now, Bahasa Malaysia to follow. */
export type Locale = 'en' | 'ms';

/** A locale without a catalogue yet falls back to English. */
const CATALOGUES: { readonly [L in Locale]?: Strings } = { en };

export function stringsFor(locale: Locale): Strings {
  return CATALOGUES[locale] ?? en;
}

export const LocaleContext = createContext<Locale>('en');

export function useStrings(): Strings {
  return stringsFor(useContext(LocaleContext));
}
