/**
 * /get-new-order-details/{encodedOrderId} (product: public-pages.md#download): the finished
 * document and its Downloaded History, opened by the token that track-order
 * gave. Without a valid token the customer goes back to the track form.
 */
import { useEffect, useRef, useState } from 'react';
import type { DownloadTicket, PublicDownloadEntry } from '../../../../shared/schemas/tracking';
import { decodeOrderId } from '../../../../shared/ids';
import { easternDateTime } from '../../../../shared/eastern-time';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { clearCustomerAccess, readCustomerAccess } from './customer-access';
import { useDownloadHistory } from './api/download-history';
import { fetchDownload, requestDownload, saveFile } from './api/download-document';
import { PublicLayout } from './PublicLayout';
import { navigate } from './public-router';

/** Spec: the browser download starts about 1 second after a successful download call. */
export const DOWNLOAD_DELAY_MS = 1000;

const COLUMNS = [
  '#',
  'Order ID',
  'Date & Time (EST)',
  'Device IP Address',
  'Device',
  'Device Type',
  'Browser',
  'OS',
  'Device Location',
];
const dash = (value: string | null) => value || '-';

function HistoryTable({ rows }: { rows: PublicDownloadEntry[] }) {
  return (
    <table className="table table-bordered align-middle bg-white stack-table mb-0">
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={COLUMNS.length} className="text-center text-muted empty-row">
              No data available in table
            </td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const cells = [
              String(index + 1),
              String(row.order_id),
              easternDateTime(row.create_ts),
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
                  <td key={COLUMNS[i]} data-label={COLUMNS[i]}>
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

function DownloadSection({ orderId }: { orderId: number }) {
  const [access] = useState(() => readCustomerAccess(orderId));
  const history = useDownloadHistory(orderId, access);
  const [downloading, setDownloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const backToTrackForm = (message: string) => {
    clearCustomerAccess(orderId);
    navigate(paths.public.trackOrder(orderId), { replace: true, notice: { kind: 'info', text: message } });
  };
  const expired = history.error instanceof ApiError && history.error.httpStatus === 401 ? history.error.message : null;
  useEffect(() => {
    if (expired) backToTrackForm(expired);
    else if (!access) navigate(paths.public.trackOrder(orderId), { replace: true });
  }); // no dependency list: runs after every render, as the answer or the stored access changes

  if (!access || history.isPending || expired) return <p className="text-center text-muted">Loading your order…</p>;
  if (history.error || !history.data) {
    return (
      <div className="container">
        <div className="alert alert-danger public-card">{history.error?.message}</div>
      </div>
    );
  }
  const { data: rows, path } = history.data;
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
          <h1 className="h3 mb-3">Download your Japan Arrival Card</h1>
          {file1 ? (
            <p className="lead mb-4">
              Your Japan Arrival Card application is completed. Your document for order <strong>{orderId}</strong> is
              ready to download.
            </p>
          ) : (
            <p className="lead mb-4">
              Your Japan Arrival Card application for order <strong>{orderId}</strong> is being processed. Download Now
              becomes available here as soon as your document is ready.
            </p>
          )}
          <button
            type="button"
            className="btn btn-brand btn-lg px-5"
            disabled={!file1 || downloading}
            onClick={() => void onDownload()}
          >
            {downloading ? 'Preparing…' : 'Download Now'}
          </button>
        </div>
      </div>
      <section className="download-history" aria-labelledby="downloaded-history">
        <h2 id="downloaded-history" className="h5 mb-3">
          Downloaded History
        </h2>
        <div className="table-responsive-md">
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
    <PublicLayout encodedOrderId={encoded}>{() => <DownloadSection key={orderId} orderId={orderId} />}</PublicLayout>
  );
}
