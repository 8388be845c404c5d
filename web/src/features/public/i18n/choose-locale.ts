/**
 * Which language the public pages speak (product: languages.md#choice): `?lang=` in the address, then the choice
 * remembered in this browser, then the browser's languages (`navigator.languages`, what it sends as
 * Accept-Language), then English. A `?lang=` that names a language, and a pick from the language menu, are
 * remembered, so the next page (which the public router opens without the query) keeps the language.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, firstSupported, isLocale, matchLocale, type Locale } from '../../../../../shared/i18n/locales';

const STORAGE_KEY = 'public-language';

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(locale: Locale) {
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
function startingLocale(): Locale {
  const locale = chooseLocale(window.location.search, readStored(), browserLanguages());
  if (new URLSearchParams(window.location.search).get('lang')) remember(locale);
  return locale;
}

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

const snapshot = (): Locale => current;

/** Chooses the language as the app starts (startPublicApp), before its first render. */
export function startInLocale(): Locale {
  current = startingLocale();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The language the pages speak now. */
export const useLocale = () => useSyncExternalStore(subscribe, snapshot);
export const currentLocale = snapshot;

/** The language menu's pick: remembered, written into the address's `?lang=` if it has one, and shown at once. */
export function chooseLanguage(locale: Locale) {
  remember(locale);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', locale);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  current = locale;
  for (const listener of listeners) listener();
}
