/**
 * The order's Customer Language (product: languages.md#order-language): shown by its English name (staff screens
 * stay English), changed with Save; the next mail to the customer, a resend included, is written in it.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '../../../../shared/i18n/locales';
import { useChangeOrderLocale } from './api/change-order-locale';

export const languageName = (locale: Locale) =>
  locale === 'en' ? 'English' : `${LOCALE_NAMES[locale].english} (${LOCALE_NAMES[locale].native})`;

export function CustomerLanguage({ orderId, locale }: { orderId: number; locale: Locale }) {
  const [chosen, setChosen] = useState<Locale>(locale);
  const change = useChangeOrderLocale(orderId);
  const save = async () => {
    try {
      const answer = await change.mutateAsync(chosen);
      toast.success(answer.message);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Customer Language"
        value={chosen}
        onChange={(event) => {
          if (isLocale(event.target.value)) setChosen(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={chosen === locale || change.isPending}
        onClick={() => void save()}
      >
        Save Language
      </button>
    </div>
  );
}
