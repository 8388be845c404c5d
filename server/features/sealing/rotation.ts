/**
 * `npm run keys:rotate`'s work (product: security.md#key-procedure): every rotation step brings what it seals under
 * the ring's current key, pass after pass while something is left (a pass skips what a member holds at that moment),
 * then the keys no value or file needs any more are marked retired and named, so the operator knows which entries may
 * leave ENCRYPTION_KEYS.
 *
 * ROTATION_STEPS is the list of what a rotation moves. Another kind of sealed data adds its step here: a name, a count
 * of what is left, and a pass that moves a batch at a time and can stop and run again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { KeyRing } from '../../lib/encryption/key-ring';
import { retireOldKeys } from '../../lib/encryption/stored-keys';
import { storedFilesRotationStep } from '../../lib/storage/seal-files';
import { requestAnswersRotationStep } from '../information-requests';
import { ordersNotUnderCurrentKey, resealOrders, sealOrdersInClear } from './seal-orders';

export interface RotationDeps {
  db: Db;
  ring: KeyRing;
  config: Config;
  /** Rows (or files) per batch, each batch its own transaction; each step has its default. */
  batchSize?: number;
}

export interface RotationStep {
  /** What it moves, as the progress lines name it ("order answers"). */
  name: string;
  /** How many items are not under the ring's current key yet. */
  remaining(deps: RotationDeps): Promise<number>;
  /** One pass over what is left, a batch at a time; `moved(done)` after each batch with this pass's total. */
  pass(deps: RotationDeps, moved: (done: number) => void, signal?: AbortSignal): Promise<void>;
}

/** The orders' sealed answers (server/db/sealed-travel.ts): first those stored in clear, then those under older keys. */
export const orderAnswersStep: RotationStep = {
  name: 'order answers',
  remaining: (deps) => ordersNotUnderCurrentKey(deps),
  async pass(deps, moved, signal) {
    const options = { ...(signal ? { signal } : {}), ...(deps.batchSize ? { batchSize: deps.batchSize } : {}) };
    const sealed = await sealOrdersInClear(deps, { ...options, onBatch: moved });
    await resealOrders(deps, { ...options, onBatch: (done) => moved(sealed + done) });
  },
};

/**
 * Every step of a rotation, in order: the orders' answers, the requests' change sets, then the stored files' keys
 * (documents, attachments).
 */
export const ROTATION_STEPS: RotationStep[] = [orderAnswersStep, requestAnswersRotationStep, storedFilesRotationStep];

export interface RotationResult {
  /** Per step, what it moved and what is still left (rows held by a member through every pass). */
  steps: { name: string; moved: number; left: number }[];
  /** The keys marked retired now: nothing sealed by them is left, so they may leave ENCRYPTION_KEYS. */
  retired: string[];
}

export interface RotateOptions {
  steps?: readonly RotationStep[];
  /** Progress lines ("order answers: 1,000 of 2,350"). */
  say?: (line: string) => void;
  /** Passes a step makes at most while something is left (a member holding a row), a pause between them. */
  passes?: number;
  pauseMs?: number;
  signal?: AbortSignal;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Runs every step until nothing is left (or the passes run out), then retires the keys nothing needs any more. */
export async function rotateKeys(deps: RotationDeps, options: RotateOptions = {}): Promise<RotationResult> {
  const say = options.say ?? (() => {});
  const result: RotationResult = { steps: [], retired: [] };
  for (const step of options.steps ?? ROTATION_STEPS) {
    const total = await step.remaining(deps);
    say(`${step.name}: ${n(total)} to move under key ${deps.ring.currentId}`);
    let moved = 0;
    let left = total;
    for (let pass = 0; left > 0 && pass < (options.passes ?? 20) && !options.signal?.aborted; pass++) {
      if (pass > 0) await sleep(options.pauseMs ?? 500);
      const before = moved;
      await step.pass(
        deps,
        (done) => {
          moved = before + done;
          say(`${step.name}: ${n(moved)} of ${n(Math.max(total, moved))}`);
        },
        options.signal,
      );
      left = await step.remaining(deps);
    }
    result.steps.push({ name: step.name, moved, left });
    say(left ? `${step.name}: ${n(left)} still held by someone; run it again` : `${step.name}: done`);
  }
  if (result.steps.every((s) => s.left === 0)) result.retired = await retireOldKeys(deps.db, deps.ring);
  return result;
}
