import type { ReactNode } from 'react';

/** One titled card of the order detail page. */
export function DetailSection({ title, id, children, actions }: { title: string; id?: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section className="card od-section mb-3" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0" id={headingId}>{title}</h2>
        {actions}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

/** Label and value pairs in a grid that wraps from several columns down to one on a phone. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className="od-fields mb-0">{children}</dl>;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="od-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A yes/no question in full with its answer; a "yes" stands out so staff do not miss it. */
export function Question({ text, answer, children }: { text: string; answer: string | null; children?: ReactNode }) {
  const label = answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : '-';
  return (
    <li className="od-question">
      <div className="od-question-row">
        <span className="od-question-text">{text}</span>
        <span className={`badge od-answer ${answer === 'yes' ? 'text-bg-warning' : 'text-bg-light border'}`}>{label}</span>
      </div>
      {children}
    </li>
  );
}
