/**
 * /get-new-order-details/{encodedOrderId} (spec sections 2 and 4): the finished
 * document and its Downloaded History, opened by the token that track-order
 * gave. Without a valid token the customer goes back to the track form.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { PublicDownloadEntry } from '../../../../shared/schemas/tracking';
import { decodeOrderId } from '../../../../shared/ids';
import { easternDateTime } from '../../../../shared/eastern-time';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { clearCustomerAccess, readCustomerAccess } from './customer-access';
import { useDownloadHistory } from './api/download-history';
import { saveFile, useDownloadDocument } from './api/download-document';
import { PublicLayout } from './PublicLayout';

/** Spec: the browser download starts about 1 second after a successful download call. */
export const DOWNLOAD_DELAY_MS = 1000;

const COLUMNS = ['#', 'Order ID', 'Date & Time (EST)', 'Device IP Address', 'Device', 'Device Type', 'Browser', 'OS', 'Device Location'];
const dash = (value: string | null) => value || '-';

function HistoryTable({ rows }: { rows: PublicDownloadEntry[] }) {
  return (
    <table className="table table-bordered align-middle bg-white stack-table mb-0">
      <thead><tr>{COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
      <tbody>
        {rows.length === 0 ? (
          <tr><td colSpan={COLUMNS.length} className="text-center text-muted empty-row">No data available in table</td></tr>
        ) : rows.map((row, index) => {
          const cells = [String(index + 1), String(row.order_id), easternDateTime(row.create_ts), row.ip, dash(row.device),
            dash(row.device_type), dash(row.browser), dash(row.os), dash(row.location)];
          return <tr key={row.id}>{cells.map((value, i) => <td key={COLUMNS[i]} data-label={COLUMNS[i]}>{value}</td>)}</tr>;
        })}
      </tbody>
    </table>
  );
}

function DownloadSection({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const [access] = useState(() => readCustomerAccess(orderId));
  const history = useDownloadHistory(orderId, access);
  const download = useDownloadDocument(orderId, access);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const backToTrackForm = (message: string) => {
    clearCustomerAccess(orderId);
    toast.info(message, { toastId: 'order-access' });
    void navigate(paths.public.trackOrder(orderId), { replace: true });
  };
  const expired = history.error instanceof ApiError && history.error.httpStatus === 401 ? history.error.message : null;
  useEffect(() => {
    if (expired) backToTrackForm(expired);
  }); // eslint-disable-line react-hooks/exhaustive-deps

  if (!access) return <Navigate to={paths.public.trackOrder(orderId)} replace />;
  if (history.isPending || expired) return <p className="text-center text-muted">Loading your order…</p>;
  if (history.isError) {
    return <div className="container"><div className="alert alert-danger public-card">{history.error.message}</div></div>;
  }
  const { data: rows, path } = history.data;
  const file1 = path.file1;

  const onDownload = () => {
    if (!file1) return;
    download.mutate(file1, {
      onSuccess: (file) => { timer.current = setTimeout(() => saveFile(file), DOWNLOAD_DELAY_MS); },
      onError: (error) => {
        if (error instanceof ApiError && error.httpStatus === 401) backToTrackForm(error.message);
        // Spec section 8: any other failure of the download call is only logged.
        else console.warn('Document download failed:', error.message);
      },
    });
  };

  return (
    <div className="container">
      <div className="card public-card shadow-sm mb-4">
        <div className="card-body p-4 p-md-5 text-center">
          <h1 className="h3 mb-3">Download your Japan Arrival Card</h1>
          {file1 ? (
            <p className="lead mb-4">Your Japan Arrival Card application is completed. Your document for order <strong>{orderId}</strong> is ready to download.</p>
          ) : (
            <p className="lead mb-4">Your Japan Arrival Card application for order <strong>{orderId}</strong> is being processed. Download Now becomes available here as soon as your document is ready.</p>
          )}
          <button type="button" className="btn btn-brand btn-lg px-5" disabled={!file1 || download.isPending} onClick={onDownload}>
            {download.isPending ? 'Preparing…' : 'Download Now'}
          </button>
        </div>
      </div>
      <section className="download-history" aria-labelledby="downloaded-history">
        <h2 id="downloaded-history" className="h5 mb-3">Downloaded History</h2>
        <div className="table-responsive-md">
          <HistoryTable rows={rows} />
        </div>
      </section>
    </div>
  );
}

export function OrderDownloadPage() {
  const { orderId: encoded } = useParams();
  const orderId = encoded ? decodeOrderId(encoded) : null;
  if (orderId === null) return <Navigate to={paths.public.trackOrder()} replace />;
  return (
    <PublicLayout encodedOrderId={encoded}>
      {() => <DownloadSection key={orderId} orderId={orderId} />}
    </PublicLayout>
  );
}
