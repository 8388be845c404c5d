import type { ErasureEntry } from '../../../../shared/schemas/erasure';
import { StaffTime } from '../../lib/time';

/**
 * What was erased from this order, when and by whom: the blank answers below are erased data, not
 * answers the customer never gave. Shown above everything else once the retention policy or a permanent deletion
 * has erased something.
 */
export function ErasureNotice({ erasures }: { erasures: ErasureEntry[] }) {
  if (!erasures.length) return null;
  return (
    <div className="alert alert-secondary" role="region" aria-label="Erased personal data">
      <h2 className="h6 alert-heading">Personal data erased</h2>
      <ul className="mb-0 ps-3">
        {erasures.map((e) => (
          <li key={`${e.step}-${e.erased_at}`} data-erasure={e.step}>
            <strong>
              <StaffTime value={e.erased_at} seconds />
            </strong>
            , {e.by}
            {e.rule ? ` (${e.rule})` : ''}: {e.what}.
          </li>
        ))}
      </ul>
    </div>
  );
}
