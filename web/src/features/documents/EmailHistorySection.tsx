/**
 * Email History (product: orders.md#mail): #, Order ID, Download link, Date & Time,
 * Mail Provider, newest first, plus each mail's state (queued, sent, failed,
 * with Retry for a failed one); the e-mail box and one resend button per provider.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { mailEmailField } from '../../../../shared/schemas/mail-forms';
import { MAIL_KIND_LABELS, MAIL_PROVIDER_LABELS, type MailProvider } from '../../../../shared/schemas/mail-texts';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { ValidatedInput } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { useForm } from 'react-hook-form';
import { queryKeys } from '../../lib/query-keys';
import { DetailSection } from '../order-detail';
import { useEmailHistory } from './api/get-email-history';
import { useResendMail, useRetryMail } from './api/mail-mutations';
import { MailFiles, MailProviderButtons, MailStatus, providerLabel } from './MailBits';

const resendFormSchema = z.object({ email: mailEmailField });
type ResendForm = z.input<typeof resendFormSchema>;

export function EmailHistorySection({ order }: { order: OrderDetail }) {
  const history = useEmailHistory(order.order_id);
  const retry = useRetryMail();
  const mails = history.data?.mailHistory ?? [];
  useReloadOrderWhenDelivered(
    order.order_id,
    mails.filter((m) => m.status === 'queued' || m.status === 'sending').length,
  );

  const onRetry = (mailId: number) => retry.mutate(mailId);

  return (
    <DetailSection title="Email History" id="email-history">
      {/* Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it (axe). */}
      <div className="table-responsive mb-3" tabIndex={0} role="group" aria-label="Sent mails table">
        <table className="table table-sm align-middle mb-0" data-testid="email-history">
          <thead>
            <tr>
              <th>#</th>
              <th className="d-none d-sm-table-cell">Order ID</th>
              <th>Download link</th>
              <th>Date &amp; Time ({staffZoneHeading()})</th>
              <th>Mail Provider</th>
              <th>Mail</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {history.isPending ? (
              <tr>
                <td colSpan={7} className="text-muted">
                  Loading…
                </td>
              </tr>
            ) : history.isError ? (
              <tr>
                <td colSpan={7} className="text-danger">
                  {history.error.message}
                </td>
              </tr>
            ) : mails.length === 0 ? (
              <tr>
                <td colSpan={7} className="text-center text-muted">
                  No record found
                </td>
              </tr>
            ) : (
              mails.map((m, i) => (
                <tr key={m.id}>
                  <td>{i + 1}</td>
                  <td className="d-none d-sm-table-cell">{m.order_id}</td>
                  <td>
                    <MailFiles mail={m} />
                  </td>
                  <td>
                    <span className="text-nowrap">
                      <StaffTime value={m.create_ts} seconds underHeading />
                    </span>
                  </td>
                  <td>{providerLabel(m)}</td>
                  <td>
                    <span className="d-block">{MAIL_KIND_LABELS[m.kind]}</span>
                    <small className="text-muted text-break">{m.to_address}</small>
                  </td>
                  <td>
                    <MailStatus mail={m} />
                    {m.status === 'failed' ? (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm ms-2"
                        onClick={() => onRetry(m.id)}
                        disabled={retry.isPending}
                      >
                        Retry
                      </button>
                    ) : null}
                    {m.status === 'failed' && m.last_error ? (
                      <small className="d-block text-danger text-break">{m.last_error}</small>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <ResendMailForm order={order} />
    </DetailSection>
  );
}

/**
 * The e-mail box and one resend button per provider, a component of its own: its form state (errors, sending) redraws
 * the form only, not the mail table.
 */
function ResendMailForm({ order }: { order: OrderDetail }) {
  const resend = useResendMail(order.order_id);
  const form = useForm<ResendForm>({
    resolver: zodResolver(resendFormSchema),
    defaultValues: { email: order.email },
  });
  const { errors } = form.formState;

  const send = (provider: MailProvider) =>
    form.handleSubmit(async ({ email }) => {
      try {
        const res = await resend.mutateAsync({ email, mailServiceProvider: provider });
        toast.success(res.message);
      } catch (error) {
        if (error instanceof ApiError && error.errors?.email) form.setError('email', { message: error.errors.email });
        toast.error((error as Error).message);
      }
    });

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()}>
      <label className="form-label" htmlFor="resend-email">
        Email
      </label>
      <div className="row g-2 align-items-start">
        <div className="col-12 col-md">
          <ValidatedInput id="resend-email" type="email" registration={form.register('email')} error={errors.email} />
        </div>
        <div className="col-12 col-md-auto d-flex flex-wrap gap-2">
          <MailProviderButtons
            label={(p) => `Resend via ${MAIL_PROVIDER_LABELS[p]}`}
            onSend={(p) => void send(p)()}
            disabled={resend.isPending}
          />
        </div>
      </div>
    </form>
  );
}

/** When the last mail on its way has been delivered (or failed), reload the order so its process log shows it. */
function useReloadOrderWhenDelivered(orderId: number, pending: number) {
  const client = useQueryClient();
  const before = useRef(pending);
  useEffect(() => {
    if (before.current > 0 && pending === 0)
      void client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId), exact: true });
    before.current = pending;
  }, [client, orderId, pending]);
}
