/**
 * A defence pack as a page: the same content as the PDF (shared/defence-pack.ts words both), laid out for the
 * screen inside the modal and for paper by defence-pack.css's print rules.
 */
import type { ReactNode } from 'react';
import {
  DOWNLOAD_COLUMNS,
  generatedLine,
  historyHeading,
  MAIL_COLUMNS,
  summaryRows,
  type PackColumn,
} from '../../../../shared/defence-pack';
import type { DefencePack } from '../../../../shared/schemas/defence-pack';

function PackTable<Row extends { id: number }>({
  columns,
  rows,
  label,
}: {
  columns: PackColumn<Row>[];
  rows: Row[];
  label: string;
}) {
  const total = columns.reduce((n, c) => n + c.width, 0);
  return (
    <table className="table table-sm dp-table" aria-label={label}>
      <colgroup>
        {columns.map((c) => (
          <col key={c.header} style={{ width: `${(c.width / total) * 100}%` }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td key={c.header}>{lines(c.value(row, i))}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function lines(text: string): ReactNode {
  const parts = text.split('\n');
  return parts.map((part, i) => (
    <span key={i} className="d-block">
      {part}
    </span>
  ));
}

export function DefencePackSheet({ pack }: { pack: DefencePack }) {
  const rows = pack.type === 1 ? (pack.mails ?? []) : (pack.downloads ?? []);
  return (
    <article className="dp-sheet" aria-label={pack.title}>
      <header className="dp-head">
        <p className="dp-brand">{pack.summary.landing_site} - chargeback evidence</p>
        <h3 className="dp-title">{pack.title}</h3>
        <p className="dp-generated">{generatedLine(pack)}</p>
      </header>
      <h4 className="dp-heading">Order summary</h4>
      <table className="table table-sm dp-summary" aria-label="Order summary">
        <tbody>
          {summaryRows(pack).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 className="dp-heading">{historyHeading(pack)}</h4>
      {rows.length === 0 ? (
        <p className="dp-empty">{pack.empty_text}</p>
      ) : pack.type === 1 ? (
        <PackTable columns={MAIL_COLUMNS} rows={pack.mails!} label="Email History" />
      ) : (
        <PackTable columns={DOWNLOAD_COLUMNS} rows={pack.downloads!} label="Download History" />
      )}
      {/* Printed pages carry the order and the pack at the bottom left (page numbers: defence-pack.css). */}
      <style>{`@media print { @page { @bottom-left { content: "Order ${pack.summary.order_id} - ${pack.title.replace(/["\\]/g, '')}"; font: 9px Arial, Helvetica, sans-serif; color: #616e7c; } } }`}</style>
    </article>
  );
}
