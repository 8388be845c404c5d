/**
 * A search box whose text goes to its screen 500 ms after the last key (product rule: search inputs are debounced;
 * screens.md#search-and-selection), used by the queues and the reports. The text is the box's own state, so a key
 * draws the box alone and not the screen around it: the wait starts as soon as the key is drawn, and typing stays
 * light beside a large table.
 */
import { memo, useEffect, useState, type Ref } from 'react';
import { Form } from 'react-bootstrap';
import { useChanged } from '../lib/use-changed';

const SEARCH_WAIT_MS = 500;

export const SearchBox = memo(function SearchBox({
  search,
  onSearch,
  label,
  placeholder,
  maxWidth,
  inputMode,
  inputRef,
  keyShortcut,
}: {
  /** The search in effect (the address's): the box follows it when it changes elsewhere (Back, a saved view). */
  search: string;
  /** Called with the box's text once typing paused (stable, as a memoised box needs). */
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
  maxWidth: number;
  inputMode?: 'numeric';
  inputRef?: Ref<HTMLInputElement>;
  /** The key that focuses the box, announced to assistive technology (aria-keyshortcuts). */
  keyShortcut?: string;
}) {
  const [text, setText] = useState(search);
  // Followed while rendering, not in an effect: an effect would draw the box once more with the old text.
  if (useChanged(search)) setText(search);
  useEffect(() => {
    if (text === search) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  return (
    <Form.Control
      type="search"
      size="sm"
      inputMode={inputMode}
      placeholder={placeholder}
      aria-label={label}
      style={{ maxWidth }}
      ref={inputRef}
      aria-keyshortcuts={keyShortcut}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
});
