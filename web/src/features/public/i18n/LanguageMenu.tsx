/** The language menu of every public page: each language by its own name; a pick is remembered (choose-locale.ts). */
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../../../shared/i18n/locales';
import { chooseLanguage, useLocale } from './choose-locale';
import { useT } from './messages';

export function LanguageMenu() {
  const locale = useLocale();
  const t = useT();
  return (
    <div className="public-language container d-flex justify-content-end">
      <label className="visually-hidden" htmlFor="public-language">
        {t('layout.language')}
      </label>
      <select
        id="public-language"
        className="form-select form-select-sm w-auto"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) chooseLanguage(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l].native}
          </option>
        ))}
      </select>
    </div>
  );
}
