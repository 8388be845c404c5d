/** Number keys for the move buttons: key n asks to move the order to the n-th button's status. */
import { useState } from 'react';
import { useShortcut } from '../../../lib/hotkeys';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export function useMoveKeys<T>(targets: readonly T[], enabled: boolean) {
  const [asking, setAsking] = useState<T | null>(null);
  useShortcut(
    DIGITS.slice(0, targets.length).join(', '),
    (e) => {
      const target = targets[DIGITS.indexOf(e.key as (typeof DIGITS)[number])];
      if (target !== undefined) setAsking(target);
    },
    { enabled: enabled && targets.length > 0 },
    [targets, enabled],
  );
  return { asking, keyOf: (index: number) => DIGITS[index], cancel: () => setAsking(null) };
}
