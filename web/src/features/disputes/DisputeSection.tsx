/**
 * The Dispute section of the order page (product: disputes.md#order-page): each payment dispute of the order (provider,
 * reason, amount, evidence due, state) and, field by field, the evidence that would be sent, built by the server from
 * the order's records. Admin and Manager edit the cover letter and send it: "Save at provider" stages it, "Submit to
 * the bank" sends it once, after a confirmation. Everyone else reads it without the buttons; the server enforces the
 * same. The buttons are there only while the provider takes evidence (open, not yet submitted, before its due date);
 * the server refuses a send otherwise. Drawn for orders in ChargeBack, where a dispute is expected, and for every
 * order with a dispute, so a won or lost one stays in sight after the order has moved on.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import {
  COVER_LETTER_MAX,
  evidenceDueUrgency,
  takesEvidence,
  type Dispute,
  type DisputeEvidence,
} from '../../../../shared/schemas/disputes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { StaffTime } from '../../lib/time';
import { DetailSection, hasDisputeSection } from '../order-detail';
import { useOrderDisputes, useSendEvidence } from './api/disputes';
import './disputes.css';

export function DisputeSection({ order }: { order: OrderDetail }) {
  const shown = hasDisputeSection(order);
  const query = useOrderDisputes(order.order_id, shown);
  if (!shown) return null;
  const data = query.data;
  return (
    <DetailSection title="Dispute" id="dispute">
      {query.isError ? (
        <p className="text-danger mb-0">{errorMessage(query.error)}</p>
      ) : !data ? (
        <p className="text-muted mb-0">Loading the dispute…</p>
      ) : data.disputes.length === 0 || !data.evidence ? (
        <p className="text-muted mb-0">No payment dispute has arrived from the payment provider for this order.</p>
      ) : (
        <DisputeBody
          key={data.disputes.map((d) => `${d.id}:${d.state}`).join()}
          orderId={order.order_id}
          disputes={data.disputes}
          evidence={data.evidence}
          canSend={data.can_send}
        />
      )}
    </DetailSection>
  );
}

function DisputeBody({
  orderId,
  disputes,
  evidence,
  canSend,
}: {
  orderId: number;
  disputes: Dispute[];
  evidence: DisputeEvidence;
  canSend: boolean;
}) {
  const [coverLetter, setCoverLetter] = useState(evidence.cover_letter);
  const taking = disputes.filter((d) => takesEvidence(d, new Date()));
  const editable = canSend && taking.length > 0;
  return (
    <>
      {disputes.map((d) => (
        <DisputeFacts key={d.id} dispute={d} />
      ))}
      <h3 className="h6 mt-3">{taking.length > 0 ? 'What will be sent' : "The evidence from the order's records"}</h3>
      <EvidenceTable evidence={evidence} />
      <label className="form-label fw-semibold" htmlFor="dispute-cover-letter">
        Cover letter
      </label>
      {editable ? (
        <textarea
          id="dispute-cover-letter"
          className="form-control mb-3"
          rows={9}
          maxLength={COVER_LETTER_MAX}
          value={coverLetter}
          onChange={(e) => setCoverLetter(e.target.value)}
        />
      ) : (
        <pre id="dispute-cover-letter" className="dispute-letter mb-3">
          {evidence.cover_letter}
        </pre>
      )}
      {canSend
        ? taking.map((d) => <SendButtons key={d.id} orderId={orderId} dispute={d} coverLetter={coverLetter} />)
        : null}
    </>
  );
}

function DisputeFacts({ dispute: d }: { dispute: Dispute }) {
  const urgency = evidenceDueUrgency(d, new Date());
  return (
    <dl className="row mb-2 dispute-facts" aria-label={`${d.gateway_label} dispute ${d.provider_dispute_id}`}>
      <dt className="col-sm-3">Provider</dt>
      <dd className="col-sm-9">
        {d.gateway_label} dispute {d.provider_dispute_id}
      </dd>
      <dt className="col-sm-3">Reason</dt>
      <dd className="col-sm-9">{d.reason || 'Not given'}</dd>
      <dt className="col-sm-3">Amount</dt>
      <dd className="col-sm-9">{d.amount ?? 'Not given'}</dd>
      <dt className="col-sm-3">Evidence due</dt>
      <dd className={`col-sm-9${urgency ? ` dispute-due-${urgency.level}` : ''}`}>
        {d.evidence_due_at ? <StaffTime value={d.evidence_due_at} /> : 'No due date given'}
        {urgency ? <span className="ms-2">({urgency.text})</span> : null}
      </dd>
      <dt className="col-sm-3">State</dt>
      <dd className="col-sm-9" data-testid="dispute-state">
        {d.state_label}
        {d.submitted_at ? (
          <>
            {' '}
            on <StaffTime value={d.submitted_at} /> by {d.submitted_by}
          </>
        ) : d.saved_at ? (
          <>
            {' '}
            on <StaffTime value={d.saved_at} /> by {d.saved_by}
          </>
        ) : null}
      </dd>
      {d.provider_refusal ? (
        <>
          <dt className="col-sm-3">Provider's refusal</dt>
          <dd className="col-sm-9 text-danger">{d.provider_refusal}</dd>
        </>
      ) : null}
    </dl>
  );
}

function EvidenceTable({ evidence: e }: { evidence: DisputeEvidence }) {
  const notRecorded = <span className="text-muted">Not recorded</span>;
  return (
    <div className="table-responsive mb-3" tabIndex={0} role="group" aria-label="Evidence to send">
      <table className="table table-sm align-top mb-0 dispute-evidence" aria-label="Evidence">
        <tbody>
          <tr>
            <th scope="row">Customer name</th>
            <td>{e.customer_name || notRecorded}</td>
          </tr>
          <tr>
            <th scope="row">Customer e-mail</th>
            <td>{e.customer_email_address || notRecorded}</td>
          </tr>
          <tr>
            <th scope="row">Product description</th>
            <td>{e.product_description}</td>
          </tr>
          <tr>
            <th scope="row">Service date</th>
            <td>{e.service_date ?? <span className="text-muted">No mail carrying the document was delivered</span>}</td>
          </tr>
          <tr>
            <th scope="row">Access log</th>
            <td>
              {e.downloads.length === 0 ? (
                'The customer has not downloaded the document.'
              ) : (
                <div className="table-responsive" tabIndex={0} role="group" aria-label="Access log, every download">
                  <table className="table table-sm mb-0" aria-label="Access log">
                    <thead>
                      <tr>
                        <th>Time (UTC)</th>
                        <th>Customer's time</th>
                        <th>IP address</th>
                        <th>Device</th>
                        <th>Browser</th>
                        <th>Location</th>
                      </tr>
                    </thead>
                    <tbody>
                      {e.downloads.map((d) => (
                        <tr key={d.id}>
                          <td className="text-nowrap">{d.time_utc}</td>
                          <td>{d.time_local ?? '-'}</td>
                          <td>{d.ip}</td>
                          <td>{d.device ?? '-'}</td>
                          <td>{d.browser ?? '-'}</td>
                          <td>{d.location ?? '-'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">Files</th>
            <td>
              <ul className="list-unstyled mb-0">
                {e.files.map((f) => (
                  <li key={f.pack}>
                    {f.title}: {f.file_name} (as {f.sent_as})
                  </li>
                ))}
              </ul>
            </td>
          </tr>
          <tr>
            <th scope="row">Delivery record</th>
            <td>
              {e.delivery ? (
                <>
                  Mail #{e.delivery.mail_id} sent {e.delivery.sent_at_text} to {e.delivery.recipient}, accepted by{' '}
                  {e.delivery.delivered_by}
                  {e.delivery.message_id ? <>, Message-ID {e.delivery.message_id}</> : null}
                </>
              ) : (
                <span className="text-muted">No mail carrying the document was accepted by a mail server</span>
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">Purchase IP</th>
            <td>
              {e.customer_purchase_ip ?? notRecorded}
              {e.purchase_user_agent ? <div className="small text-muted">{e.purchase_user_agent}</div> : null}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function SendButtons({ orderId, dispute, coverLetter }: { orderId: number; dispute: Dispute; coverLetter: string }) {
  const send = useSendEvidence(orderId);
  const [confirming, setConfirming] = useState(false);
  const name = `${dispute.gateway_label} dispute ${dispute.provider_dispute_id}`;
  const run = async (submit: boolean) => {
    try {
      toast.success((await send.mutateAsync({ disputeId: dispute.id, submit, coverLetter })).message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label={`Send the evidence of ${name}`}>
      {/* PayPal keeps no staged evidence: its only send is the submission. */}
      {dispute.gateway === 'paypal' ? null : (
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={send.isPending}
          onClick={() => void run(false)}
        >
          Save at provider
        </button>
      )}
      <button type="button" className="btn btn-primary" disabled={send.isPending} onClick={() => setConfirming(true)}>
        Submit to the bank
      </button>
      <ConfirmDialog
        show={confirming}
        message={`Submit the evidence of ${name} to the bank? This can be done only once: after it, nothing more can be sent for this dispute.`}
        confirmLabel="Submit to the bank"
        confirmVariant="primary"
        busy={send.isPending}
        onConfirm={() => void run(true)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
