/**
 * The pieces of a loading row (QueueTable) and a loading card (QueueCards): each as large as the real value, its
 * text hidden, so the rows arriving move nothing and no half-drawn word is there to read.
 */

/** A grey bar as wide and tall as `text` would be (the text itself hidden). */
export const Bar = ({ text }: { text: string }) => (
  <span className="placeholder">
    <span className="invisible">{text}</span>
  </span>
);

/** The row's View (and Delete) as shapes: their words hidden, since a pale word on a pale button is unreadable. */
export function PlaceholderActions({ withDelete }: { withDelete: boolean }) {
  return (
    <div className="queue-row-actions">
      <span className="btn btn-sm btn-primary disabled placeholder">
        <span className="invisible">View</span>
      </span>
      {withDelete ? (
        <span className="btn btn-sm btn-outline-danger disabled placeholder">
          <span className="invisible">Delete</span>
        </span>
      ) : null}
    </div>
  );
}
