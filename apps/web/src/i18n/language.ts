import dayjs from 'dayjs';
import 'dayjs/locale/ms-my';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '../store/stored-choices.ts';
import { en } from './en.ts';
import { ms } from './ms.ts';

/** Console languages (DESIGN §7): English and Bahasa Malaysia. */
export const LOCALES = ['en', 'ms'] as const;
export type Locale = (typeof LOCALES)[number];

/** The one i18next namespace: the typed catalogue of the language. */
export const NAMESPACE = 'console';

const DAYJS_LOCALES: { readonly [L in Locale]: string } = { en: 'en', ms: 'ms-my' };

export const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value);

/**
 * The console's i18next instance. The typed catalogues are its resources; it owns the language
 * state: detection (remembered choice, then the browser's), persistence in localStorage,
 * fallback to English and the change events React re-renders on.
 */
export const i18n = i18next.createInstance();

function follow(language: string | undefined): void {
  const locale = isLocale(language) ? language : 'en';
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

i18n.on('languageChanged', follow);
i18n.on('initialized', () => follow(i18n.resolvedLanguage));

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { [NAMESPACE]: en }, ms: { [NAMESPACE]: ms } },
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    supportedLngs: LOCALES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    initAsync: false,
    returnObjects: true,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

/** The language in use: the detected or chosen one when supported, else English. */
export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage;
  return isLocale(language) ? language : 'en';
}

export function changeLocale(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}
