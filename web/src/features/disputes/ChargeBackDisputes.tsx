/**
 * The fight of the ChargeBack queue (product: disputes.md#chargeback-queue): each dispute of an order in ChargeBack
 * with its provider, reason, amount, evidence due date (coloured as it nears, like arrival urgency, and said in
 * words) and state, sortable by due date, following the live stream; for an Admin, the disputes no order matched,
 * each linked to an order by its id.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DISPUTES_REPORT_PERMISSION, evidenceDueUrgency, type Dispute } from '../../../../shared/schemas/disputes';
import { can } from '../../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { OrderPageLink } from '../../components/OrderPageLink';
import { StaffTime } from '../../lib/time';
import { useChargeBackDisputes, useDisputesFollowLive, useLinkDispute, useUnmatchedDisputes } from './api/disputes';
import './disputes.css';

export function ChargeBackDisputes() {
  const { user } = useAuth();
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const list = useChargeBackDisputes('due', dir);
  useDisputesFollowLive();
  const now = new Date();
  const rows = list.data ?? [];
  const canLink = can(user?.type, 'disputes:link');
  const canReport = can(user?.type, DISPUTES_REPORT_PERMISSION);
  // No open dispute: nothing above the queue (the report has its sidebar entry), unless a dispute waits for an Admin
  // to link it; the queue's rows keep the screen.
  if (list.data && rows.length === 0) return canLink ? <UnmatchedNotice /> : null;
  // Nothing while the first answer comes: most of the time there is no dispute, and a card that shows "Loading"
  // and then goes would shift the queue's rows.
  if (!list.data && !list.isError) return null;
  return (
    <div className="card mb-3">
      <div className="card-body">
        <h2 className="h6">Disputes</h2>
        {list.isError ? (
          <p className="text-danger mb-0">{errorMessage(list.error)}</p>
        ) : (
          <div className="table-responsive" tabIndex={0} role="group" aria-label="Disputes table">
            <table className="table table-sm align-middle mb-0" aria-label="Disputes">
              <thead>
                <tr>
                  <th>Order</th>
                  <th>Customer</th>
                  <th>Provider</th>
                  <th>Reason</th>
                  <th>Amount</th>
                  <th aria-sort={dir === 'asc' ? 'ascending' : 'descending'}>
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 dispute-sort"
                      onClick={() => setDir(dir === 'asc' ? 'desc' : 'asc')}
                    >
                      Evidence due {dir === 'asc' ? '▲' : '▼'}
                    </button>
                  </th>
                  <th>State</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => {
                  const urgency = evidenceDueUrgency(d, now);
                  return (
                    <tr key={d.id} className={urgency ? `dispute-due-${urgency.level}` : undefined}>
                      <td>
                        <OrderPageLink orderId={d.order_id!}>{d.order_id}</OrderPageLink>
                      </td>
                      <td>{d.customer_name ?? '-'}</td>
                      <td>{d.gateway_label}</td>
                      <td>{d.reason || '-'}</td>
                      <td>{d.amount ?? '-'}</td>
                      <td className="text-nowrap" title={urgency?.text}>
                        {d.evidence_due_at ? <StaffTime value={d.evidence_due_at} /> : '-'}
                        {urgency ? <span className="visually-hidden">. {urgency.text}</span> : null}
                      </td>
                      <td>{d.state_label}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {/* Folded by default: open, they would push the queue's rows below the fold on a laptop screen. */}
        {canLink || canReport ? (
          <details className="mt-2">
            <summary className="small">Unmatched disputes and the Disputes report</summary>
            {canLink ? <UnmatchedDisputes /> : null}
            {canReport ? <DisputesReportLink /> : null}
          </details>
        ) : null}
      </div>
    </div>
  );
}

/** One folded line, only while a dispute that matched no order waits for an Admin to link it. */
function UnmatchedNotice() {
  const list = useUnmatchedDisputes(true);
  const waiting = list.data?.length ?? 0;
  if (waiting === 0) return null;
  return (
    <details className="small mb-2 text-warning-emphasis">
      <summary>
        {waiting === 1 ? '1 payment dispute matches no order' : `${waiting} payment disputes match no order`}: link each
        to its order
      </summary>
      <UnmatchedDisputes />
    </details>
  );
}

function UnmatchedDisputes() {
  const list = useUnmatchedDisputes(true);
  const rows = list.data ?? [];
  return (
    <section className="mt-3" aria-labelledby="unmatched-disputes">
      <h3 className="h6" id="unmatched-disputes">
        Unmatched disputes
      </h3>
      {rows.length === 0 ? (
        <p className="text-muted mb-0">{list.data ? 'Every dispute is matched to an order.' : 'Loading…'}</p>
      ) : (
        <table className="table table-sm align-middle mb-0" aria-label="Unmatched disputes">
          <thead>
            <tr>
              <th>Provider</th>
              <th>Reason</th>
              <th>Amount</th>
              <th>Opened</th>
              <th>Link to order</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <UnmatchedRow key={d.id} dispute={d} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function UnmatchedRow({ dispute: d }: { dispute: Dispute }) {
  const link = useLinkDispute();
  const [orderId, setOrderId] = useState('');
  const name = `${d.gateway_label} dispute ${d.provider_dispute_id}`;
  const submit = async () => {
    try {
      toast.success((await link.mutateAsync({ disputeId: d.id, orderId: Number(orderId) })).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <tr>
      <td>{name}</td>
      <td>{d.reason || '-'}</td>
      <td>{d.amount ?? '-'}</td>
      <td className="text-nowrap">
        <StaffTime value={d.opened_at} />
      </td>
      <td>
        <form
          className="d-flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <input
            className="form-control form-control-sm"
            inputMode="numeric"
            aria-label={`Order id for ${name}`}
            value={orderId}
            onChange={(e) => setOrderId(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="btn btn-sm btn-primary" disabled={!orderId || link.isPending}>
            Link
          </button>
        </form>
      </td>
    </tr>
  );
}

/** The Disputes report has its own screen (also in the sidebar); from here, a link to its last six months. */
function DisputesReportLink() {
  return (
    <p className="mt-3 mb-0">
      <Link to={paths.admin.disputesReport}>Disputes report</Link>: by month and provider, received, submitted in time,
      won, lost and recovered.
    </p>
  );
}
