/**
 * A long pass over a table in short transactions (sealing, key rotation): each batch commits on its own, so rows stay
 * locked for one batch only, and the process's waiting requests run between batches.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export interface BatchPassOptions {
  /** Stops before the next batch (the one in progress commits). */
  signal?: AbortSignal | undefined;
  /** Called after each batch that took rows, with the rows done so far in this pass. */
  onBatch?: ((done: number) => void) | undefined;
}

/**
 * Runs `batch(after)` (`after`: the key of the last row the previous batch took, 0 at first) until a batch takes
 * fewer than `size` rows or the signal stops it; answers how many rows the batches took.
 */
export async function runInBatches(
  size: number,
  options: BatchPassOptions,
  batch: (after: number) => Promise<{ taken: number; last: number }>,
): Promise<number> {
  let done = 0;
  let after = 0;
  while (!options.signal?.aborted) {
    const { taken, last } = await batch(after);
    done += taken;
    after = last;
    if (taken) options.onBatch?.(done);
    if (taken < size) break;
    await yieldToEventLoop();
  }
  return done;
}
