import type { AnswerWarning } from '../../../../shared/schemas/order-detail';

/** Answers that look wrong (computed by the server), shown before anything else. */
export function AnswerWarnings({ warnings }: { warnings: AnswerWarning[] }) {
  if (!warnings.length) return null;
  return (
    <div className="alert alert-warning" role="region" aria-label="Check these answers">
      <h2 className="h6 alert-heading">Check these answers before submitting</h2>
      <ul className="mb-0 ps-3">
        {warnings.map((w) => (
          <li key={w.code} data-warning={w.code}>
            {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
