/**
 * The public pages' catalogs as chunks (messages.tsx says what they hold), loaded by language and family. Free of
 * React, so that main.tsx can start the page's catalog beside the public app's code, not after it has run.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../../../../shared/i18n/locales';

export type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;
export type Family = 'public' | 'answer-request';

const catalogFiles = import.meta.glob<Catalog>('../../../../../shared/i18n/{public,answer-request}/*.json', {
  import: 'default',
});
const loaded = new Map<string, Promise<Catalog>>();

/** The catalog of `locale` in `family`, loaded once per page (a failed load is tried again on the next call). */
export function loadMessages(locale: Locale, family: Family = 'public'): Promise<Catalog> {
  const path = `../../../../../shared/i18n/${family}/${locale}.json`;
  let messages = loaded.get(path);
  if (!messages) {
    const file = catalogFiles[path];
    messages = file ? file() : Promise.reject(new Error(`No catalog for ${locale}`));
    messages.catch(() => loaded.delete(path));
    loaded.set(path, messages);
  }
  return messages;
}
