/**
 * The order's process-log timeline (the spec's embedded section [2]): step, staff (N/A), time, detail; a long log can
 * be narrowed to one topic of the step catalog (product: orders.md#step-names).
 */
import type { ProcessLogEntry } from '../../../../shared/schemas/order-detail';
import { StepTopicFilter, useStepTopic } from '../../components/StepTopicFilter';
import { StaffTime } from '../../lib/time';
import { DetailSection } from './DetailSection';

export function ProcessTimeline({ logs }: { logs: ProcessLogEntry[] }) {
  const { counts, topic, setTopic, shown } = useStepTopic(logs);
  return (
    <DetailSection title="Process Log">
      {logs.length === 0 ? (
        <p className="text-muted mb-0">No record found</p>
      ) : (
        <>
          <StepTopicFilter counts={counts} topic={topic} onChange={setTopic} total={logs.length} />
          <ol className="od-timeline" aria-label="Process log">
            {shown.map((l) => (
              <li key={l.id}>
                <div className="od-step">{l.step_name}</div>
                <div className="od-step-meta">
                  {l.staff_name ?? 'N/A'} · <StaffTime value={l.update_time} seconds />
                  {l.detail ? <> · {l.detail}</> : null}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </DetailSection>
  );
}
