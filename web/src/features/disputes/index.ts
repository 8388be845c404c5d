/**
 * The disputes feature's public entry (docs/decisions/0031): the ChargeBack queue's disputes, drawn by the queue
 * screen of a folder that shows them, loaded with their own code when first drawn.
 */
import { lazy } from 'react';

export const ChargeBackDisputes = lazy(() =>
  import('./ChargeBackDisputes').then((m) => ({ default: m.ChargeBackDisputes })),
);
