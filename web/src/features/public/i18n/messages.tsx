/**
 * The public pages' messages (product: languages.md#catalogs): the pages' shared catalog (shared/i18n/public/) and a
 * page's own family where it has one (shared/i18n/answer-request/ for the answer page, which few customers open).
 * Each family's catalog of each language is a chunk of its own, loaded when the page needs that language, so a page
 * downloads its own language and its own messages only. The build compiles every catalog to FormatJS's message AST
 * (vite.config.ts, `compiledCatalogs`), so the pages carry no message parser.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import type en from '../../../../../shared/i18n/public/en.json';
import type answerRequestEn from '../../../../../shared/i18n/answer-request/en.json';
import { DEFAULT_LOCALE, type Locale } from '../../../../../shared/i18n/locales';
import { useLocale } from './choose-locale';
import { loadMessages, type Catalog, type Family } from './catalogs';

export type MessageId = keyof typeof en | keyof typeof answerRequestEn;
/**
 * Speaks the chosen language: its catalog, `<html lang>`, dates in its way. While another language's catalog
 * loads, the page stays in the one it has; the first load draws nothing until its catalog is there (it loads
 * beside the page's first call, which the page waits for anyway). A catalog that cannot load falls back to
 * English.
 */
export function PublicIntl({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalog } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const show = (language: Locale) => (messages: Catalog) => {
      if (current) setShown({ locale: language, messages });
    };
    loadMessages(locale).then(show(locale), () =>
      loadMessages(DEFAULT_LOCALE).then(show(DEFAULT_LOCALE), () => {
        if (current) setFailed(true);
      }),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);
  if (failed && !shown) return <p className="p-4">This page could not load. Please reload it.</p>;
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.locale} defaultLocale={DEFAULT_LOCALE} messages={shown.messages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}

/**
 * A page's own messages beside the shared ones: its family's catalog in the language the page speaks (English if
 * that one cannot load), drawn once it is there.
 */
export function PageMessages({ family, children }: { family: Exclude<Family, 'public'>; children: ReactNode }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const [own, setOwn] = useState<{ locale: Locale; messages: Catalog } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const show = (messages: Catalog) => {
      if (current) setOwn({ locale, messages });
    };
    loadMessages(locale, family).then(show, () =>
      loadMessages(DEFAULT_LOCALE, family).then(show, () => {
        if (current) setFailed(true);
      }),
    );
    return () => {
      current = false;
    };
  }, [locale, family]);
  if (failed && !own) return <p className="p-4">This page could not load. Please reload it.</p>;
  if (own?.locale !== locale) return null;
  return (
    <IntlProvider
      locale={locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={{ ...intl.messages, ...own.messages } as Catalog}
      timeZone="UTC"
    >
      {children}
    </IntlProvider>
  );
}

/** A message of the catalog as text (labels, attributes, the title). */
export function useT() {
  const intl = useIntl();
  return (id: MessageId, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values);
}

/** A message with markup: `<b>` in a message is bold. */
export const Msg = ({ id, values }: { id: MessageId; values?: Record<string, string | number | Date> }) => (
  <FormattedMessage id={id} values={{ b: (chunks: ReactNode[]) => <strong>{chunks}</strong>, ...values }} />
);
