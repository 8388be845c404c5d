/**
 * /get-new-order-details/{encodedOrderId} (product: public-pages.md#download): the finished
 * document and its Downloaded History, opened by the token that track-order
 * gave. Without a valid token the customer goes back to the track form.
 */
import { useEffect, useRef, useState } from 'react';
import type { DownloadTicket, PublicDownloadEntry } from '../../../../shared/schemas/tracking';
import { decodeOrderId } from '../../../../shared/ids';
import { easternDateTime, EASTERN_TIME_ZONE } from '../../../../shared/eastern-time';
import { useIntl } from 'react-intl';
import { ApiError } from '../../lib/api-envelope';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { clearCustomerAccess, readCustomerAccess } from './customer-access';
import { useDownloadHistory } from './api/download-history';
import { fetchDownload, requestDownload, saveFile } from './api/download-document';
import { ArrivalDayCard } from './ArrivalDayCard';
import { useAnswerText } from './i18n/answers';
import { Msg, useT, type MessageId } from './i18n/messages';
import { PublicLayout } from './PublicLayout';
import { navigate } from './public-router';

/** Spec: the browser download starts about 1 second after a successful download call. */
export const DOWNLOAD_DELAY_MS = 1000;

const COLUMNS = [
  'history.number',
  'history.orderId',
  'history.time',
  'history.ip',
  'history.device',
  'history.deviceType',
  'history.browser',
  'history.os',
  'history.location',
] as const satisfies readonly MessageId[];
const dash = (value: string | null) => value || '-';

/** A download's time in US Eastern time (the column says EST): English as the product writes it, else the language's way. */
function useEasternTime() {
  const intl = useIntl();
  return (iso: string) =>
    intl.locale === 'en'
      ? easternDateTime(iso)
      : intl.formatDate(iso, { timeZone: EASTERN_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });
}

function HistoryTable({ rows }: { rows: PublicDownloadEntry[] }) {
  const t = useT();
  const easternTime = useEasternTime();
  const labels = COLUMNS.map((c) => t(c));
  return (
    <table className="table table-bordered align-middle bg-white stack-table mb-0">
      <thead>
        <tr>
          {labels.map((label, i) => (
            <th key={COLUMNS[i]} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={COLUMNS.length} className="text-center text-muted empty-row">
              {t('history.empty')}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const cells = [
              String(index + 1),
              String(row.order_id),
              easternTime(row.create_ts),
              row.ip,
              dash(row.device),
              dash(row.device_type),
              dash(row.browser),
              dash(row.os),
              dash(row.location),
            ];
            return (
              <tr key={row.id}>
                {cells.map((value, i) => (
                  <td key={COLUMNS[i]} data-label={labels[i]}>
                    {value}
                  </td>
                ))}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}

function DownloadSection({ orderId, siteName }: { orderId: number; siteName: string }) {
  const t = useT();
  const answerText = useAnswerText();
  const [access] = useState(() => readCustomerAccess(orderId));
  const history = useDownloadHistory(orderId, access);
  const [downloading, setDownloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const backToTrackForm = (message: string) => {
    clearCustomerAccess(orderId);
    navigate(paths.public.trackOrder(orderId), { replace: true, notice: { kind: 'info', text: answerText(message) } });
  };
  const expired = history.error instanceof ApiError && history.error.httpStatus === 401 ? history.error.message : null;
  useEffect(() => {
    if (expired) backToTrackForm(expired);
    else if (!access) navigate(paths.public.trackOrder(orderId), { replace: true });
  }); // no dependency list: runs after every render, as the answer or the stored access changes

  if (!access || history.isPending || expired) return <p className="text-center text-muted">{t('download.loading')}</p>;
  if (history.error || !history.data) {
    return (
      <div className="container">
        <div className="alert alert-danger public-card">
          {history.error ? answerText(history.error.message, (history.error as Partial<ApiError>).httpStatus) : null}
        </div>
      </div>
    );
  }
  const { data: rows, path, mainResult } = history.data;
  const file1 = path.file1;

  // product: public-pages.md#download: the call answers {status, message}; about a second later the file comes from the one-time
  // URL it gave (docs/decisions/0021), which records the download, and the history shows it.
  const fetchAndSave = async (ticket: DownloadTicket) => {
    try {
      saveFile(await fetchDownload(ticket));
      history.reload();
    } catch (error) {
      console.warn('Document download failed:', (error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const onDownload = async () => {
    if (!file1) return;
    setDownloading(true);
    try {
      const ticket = await requestDownload(orderId, access, file1);
      timer.current = setTimeout(() => void fetchAndSave(ticket), DOWNLOAD_DELAY_MS);
    } catch (error) {
      setDownloading(false);
      if (error instanceof ApiError && error.httpStatus === 401) backToTrackForm(error.message);
      // product: public-pages.md#download: any other failure of the download call is only logged.
      else console.warn('Document download failed:', (error as Error).message);
    }
  };

  return (
    <div className="container">
      <div className="card public-card shadow-sm mb-4">
        <div className="card-body p-4 p-md-5 text-center">
          <h1 className="h3 mb-3">{t('download.heading')}</h1>
          <p className="lead mb-4">
            <Msg id={file1 ? 'download.ready' : 'download.processing'} values={{ orderId: String(orderId) }} />
          </p>
          <button
            type="button"
            className="btn btn-brand btn-lg px-5"
            disabled={!file1 || downloading}
            onClick={() => void onDownload()}
          >
            {downloading ? t('download.preparing') : t('download.button')}
          </button>
        </div>
      </div>
      {file1 ? <ArrivalDayCard arrivalDate={mainResult.arrival_date} siteName={siteName} /> : null}
      <section className="download-history" aria-labelledby="downloaded-history">
        <h2 id="downloaded-history" className="h5 mb-3">
          {t('history.heading')}
        </h2>
        <div className="table-responsive">
          <HistoryTable rows={rows} />
        </div>
      </section>
    </div>
  );
}

export function OrderDownloadPage({ encodedOrderId: encoded }: { encodedOrderId: string }) {
  const orderId = decodeOrderId(encoded);
  useEffect(() => {
    if (orderId === null) navigate(paths.public.trackOrder(), { replace: true });
  }, [orderId]);
  if (orderId === null) return null;
  return (
    <PublicLayout encodedOrderId={encoded} title="download.heading">
      {(brand) => <DownloadSection key={orderId} orderId={orderId} siteName={brand?.name ?? APP_NAME} />}
    </PublicLayout>
  );
}
