/**
 * The arrival-day card of the download page (product: languages.md#arrival-card): what to have ready on landing and
 * when, in the traveller's language, from the moment the document is sent until the day after arrival. Static text:
 * nothing is asked of any other host.
 */
import { arrivalDayCard } from '../../../../shared/arrival-day';
import { useT } from './i18n/messages';

export function ArrivalDayCard({ arrivalDate, siteName }: { arrivalDate: string | null; siteName: string }) {
  const t = useT();
  const [year, month, day] = (arrivalDate ?? '').split('-').map(Number);
  const card = year && month && day ? arrivalDayCard({ year, month, day }, new Date()) : null;
  if (!card) return null;
  return (
    <section className="card public-card arrival-card shadow-sm mb-4" aria-labelledby="arrival-day">
      <div className="card-body p-4">
        <h2 id="arrival-day" className="h5 mb-2">
          {t('arrival.heading')}
        </h2>
        <p className="mb-2">
          {t('arrival.when', { arrival: card.arrival })}
          {card.daysUntil >= 0 ? <> {t('arrival.countdown', { days: card.daysUntil })}</> : null}
        </p>
        <p className="mb-1">{t('arrival.haveReady')}</p>
        <ul className="mb-2">
          <li>{t('arrival.document')}</li>
          <li>{t('arrival.passport')}</li>
          <li>{t('arrival.customs')}</li>
        </ul>
        <p className="mb-2">{t('arrival.show')}</p>
        <p className="small text-muted mb-0">{t('arrival.notGovernment', { site: siteName })}</p>
      </div>
    </section>
  );
}
