/**
 * Whether `value` differs from the one of this component's previous render (never on its first render), for state
 * that is reset when something it depends on changes: set during render, as React advises
 * (react.dev, "Adjusting some state when a prop changes"), the reset is drawn in the same pass. Done in an effect
 * it would commit the whole screen a second time, also on mount, where there is nothing to reset, and a queue's rows
 * would come a commit later after a click on its link. Values compare with Object.is: pass a string key for a list
 * of values.
 */
import { useState } from 'react';

export function useChanged(value: unknown): boolean {
  const [previous, setPrevious] = useState(value);
  if (Object.is(previous, value)) return false;
  setPrevious(value);
  return true;
}
