/**
 * Order detail keys: u goes back to the queue the order was opened from, ? lists the keys; the move
 * buttons' number keys are MoveButtons' (each asks before it moves); the section keys (a: the customer's answers)
 * are SectionIndex's.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { KeyboardHelp, type KeyHelp } from '../../../components/KeyboardHelp';
import { useShortcut } from '../../../lib/hotkeys';
import { folderPath } from '../../../lib/folder-paths';
import { indexEntries } from '../sections/SectionIndex';

/** The keys of this order's page: its sections' are those its index lists. */
const keysOf = (order: OrderDetail): KeyHelp[] => [
  { keys: ['1', '…', '9'], what: 'Move the order to the status on that move button (asks first)' },
  ...indexEntries(order).map((e) => ({
    keys: [e.key],
    what: `Go to ${e.label === 'Answers' ? "the customer's answers" : e.label}`,
  })),
  { keys: ['u'], what: 'Back to the queue' },
  { keys: ['?'], what: 'This list' },
];

export function OrderDetailKeys({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  // Opened from a queue in this tab: back to it (its page, search and sort are in its URL); else My Orders.
  useShortcut(
    'u',
    () => {
      void (location.key !== 'default' ? navigate(-1) : navigate(folderPath('myOrder')));
    },
    {},
    [location.key],
  );
  useShortcut('shift+?', () => setHelpOpen(true)); // the key that types "?", on any layout
  return (
    <>
      <p className="small text-muted mb-2 d-none d-md-block">
        Press <kbd>?</kbd> for keyboard shortcuts, <kbd>a</kbd> for the customer's answers, <kbd>u</kbd> to go back to
        the queue.
      </p>
      <KeyboardHelp
        show={helpOpen}
        title="Order keyboard shortcuts"
        keys={keysOf(order)}
        onHide={() => setHelpOpen(false)}
      />
    </>
  );
}
