/**
 * The public site as its own small app: a customer's phone downloads React, these pages and nothing of
 * the staff side (no router library, no query cache, no form or schema library, no toasts). main.tsx starts it
 * for every address that is not a staff screen (web/src/app/staff-paths.ts).
 */
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { OrderDownloadPage } from './OrderDownloadPage';
import { PublicNotFound } from './PublicNotFound';
import { TrackOrderPage } from './TrackOrderPage';
import type { Locale } from '../../../../shared/i18n/locales';
import { startInLocale } from './i18n/choose-locale';
import { PageMessages, PublicIntl } from './i18n/messages';
import { useLocation } from './public-router';

const TRACK = /^\/track-order(?:\/([^/]+))?\/?$/;
const DOWNLOAD = /^\/get-new-order-details\/([^/]+)\/?$/;
/** The answer page of a request for information: its own chunk, as few customers ever open it. */
const ANSWER = /^\/answer-request\/?$/;
const AnswerRequestPage = lazy(() => import('./AnswerRequestPage').then((m) => ({ default: m.AnswerRequestPage })));

function PublicApp() {
  const { path } = useLocation();
  const track = TRACK.exec(path);
  if (track) return <TrackOrderPage key={path} encodedOrderId={track[1]} />;
  const download = DOWNLOAD.exec(path);
  if (download) return <OrderDownloadPage key={path} encodedOrderId={download[1]!} />;
  if (ANSWER.test(path))
    return (
      <Suspense fallback={null}>
        <PageMessages family="answer-request">
          <AnswerRequestPage />
        </PageMessages>
      </Suspense>
    );
  return <PublicNotFound />;
}

/** `locale`: the language the page starts in, whose catalog main.tsx has already asked for. */
export function startPublicApp(root: HTMLElement, locale: Locale) {
  startInLocale(locale);
  createRoot(root).render(
    <StrictMode>
      <PublicIntl>
        <PublicApp />
      </PublicIntl>
    </StrictMode>,
  );
}
