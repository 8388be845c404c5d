/** Comment History: newest first; Show/Hide reveals the remark and its six flags (N when empty). */
import { Fragment, useState } from 'react';
import type { RemarkEntry } from '../../../../shared/schemas/order-detail';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { DetailSection } from './DetailSection';

const FLAGS: { key: keyof RemarkEntry; label: string }[] = [
  { key: 'whatsapp', label: 'Whatsapp' },
  { key: 'telephone', label: 'Telephone' },
  { key: 'status_refund', label: 'Refund' },
  { key: 'voided', label: 'Voided' },
  { key: 'chargeback', label: 'Chargeback' },
  { key: 'report_error', label: 'ReportError' },
];

export function CommentHistory({ remarks }: { remarks: RemarkEntry[] }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DetailSection title="Comment History">
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0">
          <thead>
            <tr>
              <th>#</th>
              <th className="d-none d-sm-table-cell">Order ID</th>
              <th>Date &amp; Time ({staffZoneHeading()})</th>
              <th>Team</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {remarks.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-center text-muted">
                  No record found
                </td>
              </tr>
            ) : (
              remarks.map((r, i) => (
                <Fragment key={r.id}>
                  <tr>
                    <td>{i + 1}</td>
                    <td className="d-none d-sm-table-cell">{r.order_id}</td>
                    <td>
                      <StaffTime value={r.created_at} seconds underHeading />
                    </td>
                    <td>{r.remark_name}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0"
                        aria-expanded={open.has(r.id)}
                        onClick={() => toggle(r.id)}
                      >
                        {open.has(r.id) ? 'Hide' : 'Show'}
                      </button>
                    </td>
                  </tr>
                  {open.has(r.id) ? (
                    <tr className="table-light">
                      <td colSpan={5}>
                        <div className="od-remark-text mb-2">{r.remark}</div>
                        <div className="od-flags">
                          {FLAGS.map((f) => (
                            <span key={f.key}>
                              {f.label}: <strong>{r[f.key]}</strong>
                            </span>
                          ))}
                        </div>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </div>
    </DetailSection>
  );
}
