/** What a bulk request did: the summary line, and each refused order with its reason. */
import { Button, Modal, Table } from 'react-bootstrap';
import { LazyModal } from '../../../components/LazyModal';
import type { BulkResult } from '../../../../../shared/schemas/bulk-orders';
import { OrderPageLink } from '../../../components/OrderPageLink';

export type BulkOutcomeView = { message: string; result: BulkResult } | { error: string };

export function BulkResultDialog({ outcome, onClose }: { outcome: BulkOutcomeView | null; onClose(): void }) {
  const refused = outcome && 'result' in outcome ? outcome.result.results.filter((r) => r.outcome === 'refused') : [];
  const handedOver =
    outcome && 'result' in outcome ? outcome.result.results.filter((r) => r.outcome !== 'refused' && r.reason) : [];
  return (
    <LazyModal show={!!outcome} onHide={onClose} centered scrollable aria-labelledby="bulk-result-title">
      <Modal.Header closeButton>
        <Modal.Title id="bulk-result-title" as="h2" className="h5">
          Result
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {outcome && 'error' in outcome ? (
          <div className="alert alert-danger mb-0" role="alert">
            {outcome.error}
          </div>
        ) : null}
        {outcome && 'result' in outcome ? (
          <>
            <p className="fw-semibold" role="status">
              {outcome.message}
            </p>
            {refused.length ? (
              <Table size="sm" bordered className="mb-0" aria-label="Refused orders">
                <thead>
                  <tr>
                    <th scope="col">Order Id</th>
                    <th scope="col">Why it was refused</th>
                  </tr>
                </thead>
                <tbody>
                  {refused.map((r) => (
                    <tr key={r.orderId}>
                      <td>
                        <OrderPageLink orderId={r.orderId}>{r.orderId}</OrderPageLink>
                      </td>
                      <td>{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            ) : null}
            {handedOver.length ? (
              <p className="small text-muted mt-2 mb-0">
                Taken over from other members:{' '}
                {handedOver
                  .map((r) => `${r.orderId} (${r.reason?.replace(/^Was assigned to /, '').replace(/\.$/, '')})`)
                  .join(', ')}
                .
              </p>
            ) : null}
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>Close</Button>
      </Modal.Footer>
    </LazyModal>
  );
}
