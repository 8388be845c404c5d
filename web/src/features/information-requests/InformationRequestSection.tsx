/**
 * The order page's part of the request for information (product: information-requests.md#loop): "Ask the customer",
 * the request waiting for the customer, and a reply's change set side by side with Accept and Decline. Open screens
 * follow the customer's reply live (use-live-requests.ts).
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { CLOSED_STATUSES } from '../../../../shared/orders';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import type { ChangeEntry, InformationRequest } from '../../../../shared/schemas/information-requests';
import {
  CUSTOMER_REPLIED,
  NOTE_MAX,
  REQUEST_STATE_LABELS,
  REQUEST_TEXTS,
  askableField,
  reviewRows,
  type ReviewRow,
} from '../../../../shared/schemas/information-request-texts';
import { declineSchema } from '../../../../shared/schemas/information-request-forms';
import { errorMessage } from '../../lib/api';
import { ymd } from '../../lib/answer-date';
import { StaffTime } from '../../lib/time';
import { AskCustomerDialog } from './AskCustomerDialog';
import { useOrderRequests, useReviewReply } from './api/information-requests';
import { useRequestsFollowLive } from './use-live-requests';
import './information-requests.css';

const CLOSED = new Set<string>(CLOSED_STATUSES);
const labels = (fields: string[]) => fields.map((key) => askableField(key)?.label ?? key).join(', ');
const shown = (value: ChangeEntry['new_value']) => (value === null || value === '' ? '—' : String(value));

/** A review row's value before (`old_value`) or as the customer sent it (`new_value`): a date as the order page writes it. */
function rowValue(row: ReviewRow, byColumn: Map<string, ChangeEntry>, side: 'old_value' | 'new_value'): string {
  const values = row.columns.map((name) => byColumn.get(name)?.[side] ?? null);
  if (!row.date) return shown(values[0] ?? null);
  const [day, month, year] = values.map((v) => (v === null || v === '' ? NaN : Number(v)));
  return [day, month, year].some((n) => Number.isNaN(n)) ? '—' : ymd(year!, month!, day!);
}

export function InformationRequestSection({ order }: { order: OrderDetail }) {
  useRequestsFollowLive();
  const requests = useOrderRequests(order.order_id);
  const [asking, setAsking] = useState(false);
  const list = requests.data ?? [];
  const open = list.find((r) => r.state === 'open');
  const replied = list.find((r) => r.state === 'answered');
  const askable = !open && !CLOSED.has(order.process_status) && !order.travel_erased_at && !order.purged_at;
  return (
    <section className="card mb-3 ir-section" aria-label="Requests for information">
      <div className="card-body py-2">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div>
            {replied ? (
              <span className="badge text-bg-success ir-replied-mark">{CUSTOMER_REPLIED}</span>
            ) : open ? (
              <span>
                <strong>{REQUEST_STATE_LABELS.open}</strong>: {labels(open.fields)} (sent{' '}
                <StaffTime value={open.created_at} />
                {open.reminders_sent ? `, ${open.reminders_sent} reminder(s)` : ''})
              </span>
            ) : (
              <span className="text-muted">No request waiting for the customer.</span>
            )}
          </div>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={!askable || requests.isPending}
            onClick={() => setAsking(true)}
          >
            {REQUEST_TEXTS.askAction}
          </button>
        </div>
        {replied ? <ReplyReview orderId={order.order_id} request={replied} /> : null}
      </div>
      <AskCustomerDialog
        show={asking}
        orderId={order.order_id}
        warnings={order.warnings}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}

/** The customer's answers beside the order's, with Accept and Decline (a note, then a new request). */
export function ReplyReview({ orderId, request }: { orderId: number; request: InformationRequest }) {
  const review = useReviewReply(orderId);
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const busy = review.accept.isPending || review.decline.isPending;
  const byColumn = new Map(request.changes.map((c) => [c.field, c]));
  const rows = reviewRows(request.changes.map((c) => c.field));
  const isEdited = (row: ReviewRow) => row.columns.some((name) => byColumn.get(name)?.edited_after_reply);
  // Accept would overwrite a later change on the order (the server refuses it too): the notice names the answers.
  const edited = rows.filter(isEdited).map((row) => row.label);

  const accept = async () => {
    try {
      toast.success((await review.accept.mutateAsync(request.id)).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const decline = async (event: FormEvent) => {
    event.preventDefault();
    const checked = declineSchema.safeParse({ note });
    if (!checked.success) {
      setNoteError(checked.error.issues[0]?.message ?? REQUEST_TEXTS.noteRequired);
      return;
    }
    setNoteError(null);
    try {
      toast.success((await review.decline.mutateAsync({ requestId: request.id, note: checked.data.note })).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="mt-2" role="region" aria-label={REQUEST_TEXTS.reviewTitle}>
      <p className="small text-muted mb-1">
        Answered <StaffTime value={request.answered_at} />. Note sent: “{request.note}”
      </p>
      {edited.length ? (
        <div className="alert alert-warning py-1 px-2 mb-2 small" data-testid="reply-edited-notice">
          {REQUEST_TEXTS.editedAfterReply(edited)}
        </div>
      ) : null}
      <table className="table table-sm mb-2 ir-review">
        <thead>
          <tr>
            <th scope="col">{REQUEST_TEXTS.reviewField}</th>
            <th scope="col">{REQUEST_TEXTS.reviewOld}</th>
            <th scope="col">{REQUEST_TEXTS.reviewNew}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const changed = row.columns.some((name) => {
              const change = byColumn.get(name);
              return change !== undefined && change.old_value !== change.new_value;
            });
            return (
              <tr key={row.columns.join()} className={changed ? 'ir-changed' : undefined}>
                <th scope="row">
                  {row.label}
                  {isEdited(row) ? (
                    <span className="badge text-bg-warning ms-1 fw-normal">{REQUEST_TEXTS.editedMark}</span>
                  ) : null}
                </th>
                <td>{rowValue(row, byColumn, 'old_value')}</td>
                <td>
                  {rowValue(row, byColumn, 'new_value')}
                  {changed ? <span className="visually-hidden"> (changed)</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {declining ? (
        <form noValidate onSubmit={(event) => void decline(event)}>
          <label className="form-label" htmlFor={`decline-${request.id}`}>
            {REQUEST_TEXTS.declineNoteLabel}
          </label>
          <textarea
            id={`decline-${request.id}`}
            className={`form-control mb-2 ${noteError ? 'is-invalid' : ''}`}
            rows={2}
            maxLength={NOTE_MAX}
            aria-invalid={!!noteError}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError ? <div className="invalid-feedback d-block mb-2">{noteError}</div> : null}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
              {REQUEST_TEXTS.decline}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDeclining(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-success btn-sm"
            disabled={busy || edited.length > 0}
            onClick={() => void accept()}
          >
            {REQUEST_TEXTS.accept}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            onClick={() => setDeclining(true)}
          >
            {REQUEST_TEXTS.decline}…
          </button>
        </div>
      )}
    </div>
  );
}
