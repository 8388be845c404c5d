/**
 * The languages a traveller may read the public pages and the customer mails in (docs/product/languages.md). A
 * language is added by adding its tag here and its catalogs beside the others (shared/i18n/<family>/<tag>.json);
 * `npm run check:messages` then holds the new catalogs to the English ones.
 */
export const LOCALES = ['en', 'ko', 'zh-Hans', 'zh-Hant', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name (the language menu) and by its English name (staff screens stay English). */
export const LOCALE_NAMES: Record<Locale, { native: string; english: string }> = {
  en: { native: 'English', english: 'English' },
  ko: { native: '한국어', english: 'Korean' },
  'zh-Hans': { native: '简体中文', english: 'Chinese (Simplified)' },
  'zh-Hant': { native: '繁體中文', english: 'Chinese (Traditional)' },
  th: { native: 'ไทย', english: 'Thai' },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Chinese tags by region when they name no script: Taiwan, Hong Kong and Macau write Traditional characters. */
const TRADITIONAL_REGIONS = new Set(['TW', 'HK', 'MO']);

/**
 * The supported language a BCP 47 tag asks for (`ko-KR` -> ko, `zh-TW` -> zh-Hant, `zh-Hans-SG` -> zh-Hans,
 * `zh` -> zh-Hans), or null. Case is ignored; an exact tag (`zh-Hant`) is taken as it is.
 */
export function matchLocale(tag: string): Locale | null {
  const parts = tag.trim().replace(/_/g, '-').split('-').filter(Boolean);
  const language = parts[0]?.toLowerCase();
  if (!language) return null;
  if (language === 'zh') {
    const rest = parts.slice(1).map((p) => p.toLowerCase());
    if (rest.includes('hant')) return 'zh-Hant';
    if (rest.includes('hans')) return 'zh-Hans';
    return rest.some((p) => TRADITIONAL_REGIONS.has(p.toUpperCase())) ? 'zh-Hant' : 'zh-Hans';
  }
  return LOCALES.find((locale) => locale === language) ?? null;
}

/**
 * The first supported language of a list in order of preference, or null: `navigator.languages`, the browser's
 * Accept-Language as the page can read it.
 */
export function firstSupported(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return null;
}
