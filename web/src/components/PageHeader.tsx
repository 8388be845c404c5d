import type { ReactNode } from 'react';

/** A screen's title row, with optional actions on the right (e.g. Refresh). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="page-header d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h4 mb-0">{title}</h1>
      {actions ? <div className="d-flex gap-2 page-header-actions">{actions}</div> : null}
    </div>
  );
}
