/**
 * The customer mails' texts in the order's language (product: languages.md#catalogs): messages of the mail catalog
 * (shared/i18n/mail) and the arrival-day card's of the public one, formatted by FormatJS's intl-messageformat. Each
 * message is parsed once per language. As HTML, the message's own text and every value are escaped; its tags
 * become the markup the caller names (`<b>` is bold unless named).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import mailEn from '../../../shared/i18n/mail/en.json';
import mailKo from '../../../shared/i18n/mail/ko.json';
import mailTh from '../../../shared/i18n/mail/th.json';
import mailZhHans from '../../../shared/i18n/mail/zh-Hans.json';
import mailZhHant from '../../../shared/i18n/mail/zh-Hant.json';
import publicEn from '../../../shared/i18n/public/en.json';
import publicKo from '../../../shared/i18n/public/ko.json';
import publicTh from '../../../shared/i18n/public/th.json';
import publicZhHans from '../../../shared/i18n/public/zh-Hans.json';
import publicZhHant from '../../../shared/i18n/public/zh-Hant.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { escapeHtml, SafeHtml } from './html';

export type MailMessageId = keyof typeof mailEn;
export type CardMessageId = Extract<keyof typeof publicEn, `arrival.${string}`>;
type MessageId = MailMessageId | CardMessageId;

const CATALOGS: Record<Locale, Record<string, string>> = {
  en: { ...publicEn, ...mailEn },
  ko: { ...publicKo, ...mailKo },
  'zh-Hans': { ...publicZhHans, ...mailZhHans },
  'zh-Hant': { ...publicZhHant, ...mailZhHant },
  th: { ...publicTh, ...mailTh },
};

/** A calendar date (the arrival's) is a UTC midnight: written in UTC so no zone moves it to another day. */
const FORMATS = {
  date: { full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } },
} as const;

const formats = new Map<string, IntlMessageFormat>();
function formatOf(locale: Locale, id: MessageId): IntlMessageFormat {
  const key = `${locale}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(CATALOGS[locale][id] ?? CATALOGS.en[id]!, locale, FORMATS);
    formats.set(key, format);
  }
  return format;
}

type Value = string | number | Date;
type Chunk = string | SafeHtml;

const chunkHtml = (chunk: unknown): string =>
  chunk instanceof SafeHtml ? chunk.value : Array.isArray(chunk) ? chunk.map(chunkHtml).join('') : escapeHtml(chunk);

/** The messages of one language, as plain text or as escaped HTML. */
export interface MailText {
  locale: Locale;
  text(id: MessageId, values?: Record<string, Value>): string;
  html(id: MessageId, values?: Record<string, Value>, tags?: Record<string, (inner: SafeHtml) => SafeHtml>): SafeHtml;
}

export function mailText(locale: string): MailText {
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return {
    locale: language,
    text(id, values = {}) {
      const plainTags = { b: (chunks: Chunk[]) => chunks.join(''), contact: plain, mail: plain };
      const out = formatOf(language, id).format<string>({ ...values, ...plainTags });
      return Array.isArray(out) ? out.join('') : String(out);
    },
    html(id, values = {}, tags = {}) {
      const escaped = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          typeof value === 'string' ? new SafeHtml(escapeHtml(value)) : value,
        ]),
      );
      const markup = { b: (inner: SafeHtml) => new SafeHtml(`<strong>${inner.value}</strong>`), ...tags };
      const tagFormats = Object.fromEntries(
        Object.entries(markup).map(([tag, wrap]) => [tag, (chunks: Chunk[]) => wrap(new SafeHtml(chunkHtml(chunks)))]),
      );
      return new SafeHtml(chunkHtml(formatOf(language, id).format<Chunk>({ ...escaped, ...tagFormats })));
    },
  };
}

const plain = (chunks: Chunk[]) => chunks.join('');
