/**
 * The live marks a queue row draws, from plain values so a memoised row re-renders only when its own
 * marks change: what happened to an order that left the queue, laid over its status cell, and the eye
 * after the order id when colleagues have it open.
 */

/** A row's live marks: `departed` says what happened to it ("Assigned to Ben"), `viewers` who has it open. */
export interface LiveMarks {
  departed?: string | undefined;
  viewers?: string | undefined;
}

/** The class of a row that left the queue (live.css greys it and puts its buttons out of use). */
export const DEPARTED_ROW_CLASS = 'live-departed';

export function DepartedNote({ label }: { label: string }) {
  return <span className="badge text-bg-warning live-departed-note">{label}</span>;
}

export function ViewersMark({ names }: { names: string }) {
  return (
    <span className="live-eye ms-1" title={`Open by ${names}`} aria-label={`Open by ${names}`} role="img">
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8 3C4.4 3 1.6 5.3.5 8c1.1 2.7 3.9 5 7.5 5s6.4-2.3 7.5-5C14.4 5.3 11.6 3 8 3Zm0 8.2A3.2 3.2 0 1 1 8 4.8a3.2 3.2 0 0 1 0 6.4Zm0-1.7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"
        />
      </svg>
    </span>
  );
}
