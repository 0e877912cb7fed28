import { isRoleValue } from '@jejak/domain';
import { useTranslation } from 'react-i18next';
import type { Strings } from './en.ts';
import { currentLocale, i18n, NAMESPACE, type Locale } from './language.ts';
import { localizeSpecText } from './spec-texts.ts';

export type { Locale } from './language.ts';

/** The typed catalogue of a language, as i18next holds it; English when it has none. */
export function stringsFor(locale: Locale): Strings {
  const bundle: unknown = i18n.getResourceBundle(locale, NAMESPACE) ?? i18n.getResourceBundle('en', NAMESPACE);
  return bundle as Strings;
}

/** The current language (re-rendering when it changes) and a way to change it. */
export function useLocale(): Locale {
  useTranslation(NAMESPACE);
  return currentLocale();
}

/** The catalogue of the current language; the component re-renders when the language changes. */
export function useStrings(): Strings {
  return stringsFor(useLocale());
}

/** A role's name in the catalogue's language (roleLabel of @jejak/domain, translated). */
export function roleText(strings: Strings, role: string | null | undefined): string {
  return isRoleValue(role) ? strings.roles[role] : strings.roles.Unknown;
}

/** A role's name in the console's language, for a screen: `roleName(user.userRole)`. */
export function useRoleText(): (role: string | null | undefined) => string {
  const strings = useStrings();
  return (role) => roleText(strings, role);
}

/**
 * The spec's fixed texts (contract and domain, written in English there) in the current
 * language, for the places a screen shows one: `spec(ALERT_TEXTS.ticketsRefresh)`.
 */
export function useSpecText(): (text: string) => string {
  const locale = useLocale();
  return (text) => localizeSpecText(text, locale);
}
