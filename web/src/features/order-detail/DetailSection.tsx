import type { ReactNode } from 'react';
import { useRegisterSection, useSections } from './sections/section-state';

/** A section's id: the title in lower case, runs of other characters as "-" ("Order Details" -> "order-details"). */
export const sectionId = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * One titled card of the order detail page. On the page (inside SectionProvider) its title is a button that
 * collapses and expands it, remembered per member and section; the index jumps to it by its id.
 */
export function DetailSection({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const sid = id ?? sectionId(title);
  const headingId = `${sid}-heading`;
  const bodyId = `${sid}-body`;
  const sections = useSections();
  useRegisterSection(sid);
  const collapsed = sections?.isCollapsed(sid) ?? false;
  return (
    <section
      className={`card od-section mb-3${collapsed ? ' od-collapsed' : ''}`}
      aria-labelledby={headingId}
      id={sid}
      tabIndex={-1}
    >
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0" id={headingId}>
          {sections ? (
            <button
              type="button"
              className="od-section-toggle"
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              onClick={() => sections.setCollapsed(sid, !collapsed)}
            >
              <span className="od-chevron" aria-hidden="true" />
              {title}
            </button>
          ) : (
            title
          )}
        </h2>
        {collapsed ? null : actions}
      </div>
      {/* Hidden, not unmounted: a half-typed remark or a chosen file survives collapsing. */}
      <div className="card-body" id={bodyId} hidden={collapsed}>
        {children}
      </div>
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
        <span className={`badge od-answer ${answer === 'yes' ? 'text-bg-warning' : 'text-bg-light border'}`}>
          {label}
        </span>
      </div>
      {children}
    </li>
  );
}
