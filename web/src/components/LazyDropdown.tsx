/**
 * react-bootstrap's Dropdown, drawn as its plain toggle button until its first click. react-bootstrap
 * keeps the toggle and menu elements in state set from ref callbacks, and a state update during a commit is urgent
 * to React: it runs every effect still pending and draws again before the browser may paint. So a screen holding a
 * Dropdown held back its own first paint, on opening and again on closing: a queue's Export menu cost two fifths
 * of a click on a queue's link, and the bulk toolbar's menus a second draw of every first ticked box. Clicked once,
 * the real Dropdown stays.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dropdown } from 'react-bootstrap';

export function LazyDropdown({
  label,
  ariaLabel,
  variant,
  disabled,
  menuClassName,
  children,
}: {
  /** The toggle's text. */
  label: ReactNode;
  ariaLabel?: string;
  /** Bootstrap's button variant of the toggle (small, as every menu of the back-office). */
  variant: string;
  disabled?: boolean;
  menuClassName?: string;
  /** The menu's items (Dropdown.Item). */
  children: ReactNode;
}) {
  const [clicked, setClicked] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // The real toggle replaces the plain one under the click: the focus follows it, as it was on the plain one.
  useEffect(() => {
    if (clicked) toggle.current?.focus();
  }, [clicked]);

  if (!clicked) {
    // The same element and classes as Dropdown.Toggle draws. Only a click swaps it (a mouse, Enter or Space, a touch,
    // a screen reader): swapping on the pointer's arrival or on focus (which a mouse press gives) could replace the
    // button between the press and the release, and the click would be lost.
    return (
      <div className="dropdown">
        <button
          type="button"
          className={`dropdown-toggle btn btn-${variant} btn-sm`}
          aria-expanded={false}
          aria-label={ariaLabel}
          disabled={disabled}
          onClick={() => setClicked(true)}
        >
          {label}
        </button>
      </div>
    );
  }
  return (
    // Opened by the click that brought it.
    <Dropdown defaultShow>
      <Dropdown.Toggle ref={toggle} size="sm" variant={variant} disabled={disabled} aria-label={ariaLabel}>
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu className={menuClassName}>{children}</Dropdown.Menu>
    </Dropdown>
  );
}
