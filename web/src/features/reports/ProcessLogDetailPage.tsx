/**
 * Process Logs Details (product: screens.md#reports-screens): one order's process-log lines grouped by step name, each with
 * the staff name (N/A when none) and the time as YYYY-MM-DD HH:mm:ss (US Eastern, like the order detail). A topic of
 * the step catalog narrows the groups (product: orders.md#step-names).
 */
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { decodeOrderId } from '../../../../shared/ids';
import type { ProcessLog } from '../../../../shared/schemas/reports';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { OrderPageLink } from '../../components/OrderPageLink';
import { PageHeader } from '../../components/PageHeader';
import { StepTopicFilter, useStepTopic } from '../../components/StepTopicFilter';
import { RequirePermission } from '../../components/RequirePermission';
import { useProcessLogs } from './api/get-process-logs';
import './reports.css';

/** Lines grouped by step name, groups in the order their first line happened. */
function groupBySteps(logs: readonly ProcessLog[]): [string, ProcessLog[]][] {
  const groups = new Map<string, ProcessLog[]>();
  for (const log of logs) groups.set(log.step_name, [...(groups.get(log.step_name) ?? []), log]);
  return [...groups.entries()];
}

function ProcessLogDetail() {
  const { orderId: encoded = '' } = useParams();
  const orderId = decodeOrderId(encoded);
  const navigate = useNavigate();
  const query = useProcessLogs(String(orderId ?? encoded));
  const logs = useMemo(() => query.data ?? [], [query.data]);
  const { counts, topic, setTopic, shown } = useStepTopic(logs);
  const groups = useMemo(() => groupBySteps(shown), [shown]);

  useEffect(() => {
    if (query.error)
      toast.error(query.error instanceof ApiError ? query.error.message : NETWORK_ERROR, {
        toastId: `process-logs-${query.errorUpdatedAt}`,
      });
  }, [query.error, query.errorUpdatedAt]);

  return (
    <>
      <PageHeader
        title="Process Logs Details"
        actions={
          <Button size="sm" variant="outline-secondary" onClick={() => void navigate(-1)}>
            Back
          </Button>
        }
      />
      <div className="card">
        <div className="card-header bg-white d-flex flex-wrap gap-2 justify-content-between">
          <span className="fw-semibold">Order {orderId ?? encoded}</span>
          {orderId !== null ? (
            <OrderPageLink orderId={orderId} className="small">
              Open the order
            </OrderPageLink>
          ) : null}
        </div>
        <div className="card-body">
          {query.isPending ? <p className="text-muted mb-0">Loading…</p> : null}
          {query.isError ? (
            <p className="text-danger mb-0">{query.error instanceof ApiError ? query.error.message : NETWORK_ERROR}</p>
          ) : null}
          {query.data && groups.length === 0 ? <p className="text-muted mb-0">No record found</p> : null}
          <StepTopicFilter counts={counts} topic={topic} onChange={setTopic} total={logs.length} />
          {groups.map(([step, logs]) => (
            <section key={step} className="process-log-group py-2" aria-label={step}>
              <h2 className="h6 mb-2">
                {step} <span className="badge text-bg-light border ms-1">{logs.length}</span>
              </h2>
              <table className="table table-sm mb-0">
                <thead className="visually-hidden">
                  <tr>
                    <th>Staff</th>
                    <th>Update time ({staffZoneHeading()})</th>
                  </tr>
                </thead>
                <tbody>
                  {logs.map((log, i) => (
                    <tr key={`${log.update_time}-${i}`}>
                      <td style={{ width: '50%' }}>{log.staff_name ?? 'N/A'}</td>
                      <td className="text-nowrap">
                        <StaffTime value={log.update_time} seconds />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

export function ProcessLogDetailPage() {
  return (
    <RequirePermission permission="reports:processed">
      <ProcessLogDetail />
    </RequirePermission>
  );
}
