/**
 * The queue's search box (product: screens.md#search-and-selection): what is typed goes to the address, and so to
 * the server, 500 ms after the last key. Its text is its own state: a key redraws the box alone, not the queue
 * around it (issue 27: the timer starts as soon as the key is drawn, and typing stays light at any table size).
 */
import { memo, type Ref } from 'react';
import { Form } from 'react-bootstrap';
import { useDebouncedSearch } from '../../lib/use-debounced-search';

export const QueueSearchBox = memo(function QueueSearchBox({
  search,
  onSearch,
  inputRef,
}: {
  /** The search in the address (Back, a saved view or a link may change it). */
  search: string;
  /** Called with the text once typing paused (lib/use-debounced-search.ts). */
  onSearch: (text: string) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useDebouncedSearch(search, onSearch);
  return (
    <Form.Control
      type="search"
      size="sm"
      placeholder="Search order id, name, email, telephone"
      aria-label="Search"
      style={{ maxWidth: 320 }}
      ref={inputRef}
      aria-keyshortcuts="/"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
});
