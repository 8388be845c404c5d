import { paths } from '../../lib/paths';
import { useT } from './i18n/messages';
import { PublicLayout } from './PublicLayout';
import { PublicLink } from './public-router';

/** The public catch-all: unknown addresses get a plain, branded page with a way forward. */
function NotFoundCard() {
  const t = useT();
  return (
    <div className="container">
      <div className="card public-card shadow-sm">
        <div className="card-body p-4 text-center">
          <h1 className="h4">{t('notFound.heading')}</h1>
          <p className="text-muted">{t('notFound.text')}</p>
          <PublicLink className="btn btn-brand" to={paths.public.trackOrder()}>
            {t('notFound.link')}
          </PublicLink>
        </div>
      </div>
    </div>
  );
}

export function PublicNotFound() {
  return <PublicLayout title="notFound.heading">{() => <NotFoundCard />}</PublicLayout>;
}
