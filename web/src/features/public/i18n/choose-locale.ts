/**
 * Which language the public pages speak (product: languages.md#choice): `?lang=` in the address, then the choice
 * remembered in this browser, then the browser's languages (`navigator.languages`, what it sends as
 * Accept-Language), then English. A `?lang=` that names a language, and a pick from the language menu, are
 * remembered, so the next page (which the public router opens without the query) keeps the language.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../../../../shared/i18n/locales';
import { remember } from './starting-locale';

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

const snapshot = (): Locale => current;

/** The language the app starts in (startPublicApp, from starting-locale.ts), before its first render. */
export function startInLocale(locale: Locale) {
  current = locale;
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
