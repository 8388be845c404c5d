/**
 * Download History (product: public-pages.md#download-history): every customer download, newest first, as #, Order ID, Date & Time
 * (EST), downloaded file, IP address, location; then an e-mail box and Sent Mail, which mails this history
 * (with Defence Pack 2 attached) to the address typed through the mail queue, e.g. to a dispute team. Mailing
 * chargeback evidence is for those who may prepare it (Admin, Manager); the server enforces the same.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { can } from '../../../../shared/roles';
import { mailEmailField } from '../../../../shared/schemas/mail-forms';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { ValidatedInput } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { DetailSection } from '../order-detail';
import { useSendDownloadHistory } from './api/send-download-history';

const formSchema = z.object({ email: mailEmailField });
type MailForm = z.input<typeof formSchema>;

const location = (d: { city: string | null; country: string | null }) =>
  [d.city, d.country].filter(Boolean).join(', ') || '-';

export function DownloadHistorySection({ order }: { order: OrderDetail }) {
  const { user } = useAuth();
  const mayMail = can(user?.type, 'orders:defence-pack');
  const downloads = order.downloadHistory;

  return (
    <DetailSection title="Download History" id="download-history">
      {/* Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it (axe). */}
      <div className="table-responsive mb-3" tabIndex={0} role="group" aria-label="Download history table">
        <table className="table table-sm align-middle mb-0" data-testid="download-history">
          <thead>
            <tr>
              <th>#</th>
              <th className="d-none d-sm-table-cell">Order ID</th>
              <th>Date &amp; Time ({staffZoneHeading()})</th>
              <th>Downloaded file</th>
              <th>IP address</th>
              <th>Location</th>
            </tr>
          </thead>
          <tbody>
            {downloads.length === 0 ? (
              <tr>
                <td colSpan={6} className="text-center text-muted">
                  No record found
                </td>
              </tr>
            ) : (
              downloads.map((d, i) => (
                <tr key={d.id}>
                  <td>{i + 1}</td>
                  <td className="d-none d-sm-table-cell">{d.order_id}</td>
                  <td>
                    <span className="text-nowrap">
                      <StaffTime value={d.create_ts} seconds underHeading />
                    </span>
                  </td>
                  <td className="text-break">{d.file1}</td>
                  <td className="text-break">{d.ip}</td>
                  <td>{location(d)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {mayMail ? (
        <MailDownloadHistoryForm orderId={order.order_id} />
      ) : (
        <p className="small text-muted mb-0">Only an Admin or a Manager can mail the download history.</p>
      )}
    </DetailSection>
  );
}

/**
 * The e-mail box and its button, a component of its own: its form state (errors, sending) redraws the form only, not
 * the table above it, and so does react-hook-form's second draw of a new form before the page's first paint.
 */
function MailDownloadHistoryForm({ orderId }: { orderId: number }) {
  const send = useSendDownloadHistory(orderId);
  const form = useForm<MailForm>({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      toast.success((await send.mutateAsync(email)).message);
      form.reset({ email: '' });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.email) form.setError('email', { message: error.errors.email });
      toast.error((error as Error).message);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <label className="form-label" htmlFor="download-history-email">
        Email
      </label>
      <div className="row g-2 align-items-start">
        <div className="col-12 col-md">
          <ValidatedInput
            id="download-history-email"
            type="email"
            placeholder="e.g. the bank's dispute team"
            registration={form.register('email')}
            error={errors.email}
          />
        </div>
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            Sent Mail
          </button>
        </div>
      </div>
    </form>
  );
}
