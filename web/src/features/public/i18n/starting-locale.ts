/**
 * The language a public page starts in (choose-locale.ts says how it is chosen). Free of React, so that main.tsx can
 * start that language's catalog beside the public app's code.
 */
import { DEFAULT_LOCALE, firstSupported, isLocale, matchLocale, type Locale } from '../../../../../shared/i18n/locales';

const STORAGE_KEY = 'public-language';

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function remember(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts as long as the page.
  }
}

/** The language for an address's query, a remembered choice and the browser's languages, by the order above. */
export function chooseLocale(search: string, stored: string | null, languages: readonly string[]): Locale {
  const asked = new URLSearchParams(search).get('lang');
  const fromQuery = asked ? matchLocale(asked) : null;
  if (fromQuery) return fromQuery;
  if (isLocale(stored)) return stored;
  return firstSupported(languages) ?? DEFAULT_LOCALE;
}

function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** The language the page starts in; a `?lang=` that names one is remembered. */
export function startingLocale(): Locale {
  const locale = chooseLocale(window.location.search, readStored(), browserLanguages());
  if (new URLSearchParams(window.location.search).get('lang')) remember(locale);
  return locale;
}
