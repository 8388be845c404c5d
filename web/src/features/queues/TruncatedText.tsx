/**
 * A one-line text cut with an ellipsis where its column ends (one line per queue row, docs/decisions/0026). When it is cut,
 * the full text shows in a tooltip on hover and on keyboard focus: the text becomes a tab stop only then, so a
 * table of short names adds no stops. The whole text stays in the page, so a screen reader reads it uncut (the
 * tooltip repeats it for the eye only, hence no aria-describedby).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Overlay, Tooltip } from 'react-bootstrap';

/**
 * One observer for every truncated text on the page (a 500-row page has a thousand of them). It also takes each
 * text's first measurement: an observer reports a new element after the browser's own layout, where reading its
 * widths costs nothing, whereas reading them in an effect would force a layout of the whole page before it is
 * painted, for every page of rows.
 */
const watchers = new Map<Element, () => void>();
let observer: ResizeObserver | undefined;
function watch(element: Element, onResize: () => void) {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) watchers.get(entry.target)?.();
  });
  watchers.set(element, onResize);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

export function TruncatedText({ text, kind, className = '' }: { text: string; kind: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // Observed anew when the text changes, so the observer measures the new text too.
    return watch(element, () => setCut(element.scrollWidth > element.clientWidth + 1));
  }, [text]);

  return (
    <>
      <span
        ref={ref}
        className={`cell-truncate ${className}`.trim()}
        data-truncate={kind}
        tabIndex={cut ? 0 : undefined}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {text}
      </span>
      {cut && open ? (
        <Overlay target={ref.current} show placement="top" flip>
          <Tooltip id={id} className="cell-truncate-tooltip">
            {text}
          </Tooltip>
        </Overlay>
      ) : null}
    </>
  );
}
