/**
 * The step that brings every stored file under the ring's current key (product: security.md#documents): a file from
 * before sealing is sealed, a file sealed under an older key gets its data key rewrapped (its body is not touched).
 * It walks the rows that name files, upload_docs then mail attachments, by id in small batches, while the product
 * serves: a download meanwhile reads either the old or the new bytes, both of which open.
 *
 * It can be stopped and run again at any time: a file already under the current key is left as it is, so a second
 * run only finishes what the first left. Files are read and written as they lie (`storedBytesFor`).
 *
 * A row erased while its file was being rewritten must not get its file back: after each write the row is read again,
 * and a file no row names any more is removed (the erasure removes its files only after its transaction commits, so
 * either it sees the new file and removes it, or this step sees the row gone).
 */
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { mails, uploadDocs } from '../../db/schema';
import type { KeyRing } from '../encryption/key-ring';
import { isSealedFile, keyIdOfFile, rewrapFile, sealFile } from '../encryption/sealed-file';
import { storedBytesFor } from './index';
import type { Storage } from './types';

export const SEAL_FILES_BATCH = 100;

export interface SealFilesResult {
  /** Files in clear, now sealed. */
  sealed: number;
  /** Files sealed under an older key, now under the current one. */
  rewrapped: number;
  /** Files already under the current key. */
  current: number;
  /** Keys a row names whose file was not found (removed meanwhile, or lost before). */
  missing: number;
}

export interface SealFilesOptions {
  db: Executor;
  /** The storage as it lies, without the sealing layer. */
  storage: Storage;
  ring: KeyRing;
  batchSize?: number;
  /** Stops before the next file (what is done stays done). */
  signal?: AbortSignal;
  /** Called after each batch with the totals so far (a CLI prints progress). */
  onBatch?: (totals: SealFilesResult) => void;
}

interface NamedFile {
  key: string;
  contentType: string;
  /** Whether the row still names the file (it was not erased meanwhile). */
  stillNamed(): Promise<boolean>;
}

/** Every file a row names, a batch of rows at a time; `afterBatch` after each. */
async function forEachNamedFile(
  options: Pick<SealFilesOptions, 'db' | 'batchSize' | 'signal'>,
  visit: (file: NamedFile) => Promise<void>,
  afterBatch: () => void = () => {},
): Promise<void> {
  const { db, signal } = options;
  const batchSize = options.batchSize ?? SEAL_FILES_BATCH;

  for (let after = 0; !signal?.aborted;) {
    const rows = await db
      .select({ id: uploadDocs.id, key: uploadDocs.storageKey, contentType: uploadDocs.contentType })
      .from(uploadDocs)
      .where(and(gt(uploadDocs.id, after), ne(uploadDocs.storageKey, '')))
      .orderBy(asc(uploadDocs.id))
      .limit(batchSize);
    for (const row of rows) {
      if (signal?.aborted) return;
      await visit({
        key: row.key,
        contentType: row.contentType,
        stillNamed: async () =>
          (
            await db
              .select({ id: uploadDocs.id })
              .from(uploadDocs)
              .where(and(eq(uploadDocs.id, row.id), eq(uploadDocs.storageKey, row.key)))
          ).length > 0,
      });
    }
    afterBatch();
    if (rows.length < batchSize) break;
    after = rows.at(-1)!.id;
  }

  for (let after = 0; !signal?.aborted;) {
    const rows = await db
      .select({ id: mails.id, attachments: mails.attachments })
      .from(mails)
      .where(and(gt(mails.id, after), sql`jsonb_array_length(${mails.attachments}) > 0`))
      .orderBy(asc(mails.id))
      .limit(batchSize);
    for (const row of rows) {
      for (const attachment of row.attachments) {
        if (signal?.aborted) return;
        if (!attachment.storageKey) continue;
        const named = JSON.stringify([{ storageKey: attachment.storageKey }]);
        await visit({
          key: attachment.storageKey,
          contentType: attachment.contentType,
          stillNamed: async () =>
            (
              await db
                .select({ id: mails.id })
                .from(mails)
                .where(and(eq(mails.id, row.id), sql`${mails.attachments} @> ${named}::jsonb`))
            ).length > 0,
        });
      }
    }
    afterBatch();
    if (rows.length < batchSize) break;
    after = rows.at(-1)!.id;
  }
}

/** Seals the files in clear and rewraps those under an older key; answers what it found and did. */
export async function sealStoredFiles(options: SealFilesOptions): Promise<SealFilesResult> {
  const { storage, ring } = options;
  const totals: SealFilesResult = { sealed: 0, rewrapped: 0, current: 0, missing: 0 };
  await forEachNamedFile(
    options,
    async (file) => {
      totals[await bringUnderCurrentKey(storage, ring, file)] += 1;
    },
    () => options.onBatch?.({ ...totals }),
  );
  return totals;
}

/** How many stored files are in clear or under an older key (each file read once, nothing written). */
export async function filesNotUnderCurrentKey(
  options: Pick<SealFilesOptions, 'db' | 'storage' | 'ring' | 'batchSize'>,
): Promise<number> {
  let count = 0;
  await forEachNamedFile(options, async (file) => {
    const object = await options.storage.get(file.key);
    if (object && (!isSealedFile(object.body) || keyIdOfFile(object.body) !== options.ring.currentId)) count += 1;
  });
  return count;
}

async function bringUnderCurrentKey(storage: Storage, ring: KeyRing, file: NamedFile): Promise<keyof SealFilesResult> {
  const object = await storage.get(file.key);
  if (!object) return 'missing';
  let outcome: 'sealed' | 'rewrapped';
  let bytes: Buffer;
  if (!isSealedFile(object.body)) {
    outcome = 'sealed';
    bytes = sealFile(ring, object.body);
  } else if (keyIdOfFile(object.body) !== ring.currentId) {
    outcome = 'rewrapped';
    bytes = rewrapFile(ring, object.body);
  } else {
    return 'current';
  }
  await storage.put(file.key, bytes, object.contentType ?? file.contentType);
  if (!(await file.stillNamed())) {
    await storage.delete(file.key);
    return 'missing';
  }
  return outcome;
}

/**
 * The files' part of a key rotation (`npm run keys:rotate`), in the shape of its steps: what is left, and a pass that
 * moves it a batch at a time. Counting reads every named file once; a pass reads each again and writes those it moves.
 */
export const storedFilesRotationStep = {
  name: 'stored files',
  remaining: (deps: { db: Executor; ring: KeyRing; config: Config; batchSize?: number }) =>
    filesNotUnderCurrentKey({ ...deps, storage: storedBytesFor(deps.config) }),
  async pass(
    deps: { db: Executor; ring: KeyRing; config: Config; batchSize?: number },
    moved: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    await sealStoredFiles({
      ...deps,
      storage: storedBytesFor(deps.config),
      ...(signal ? { signal } : {}),
      onBatch: (totals) => moved(totals.sealed + totals.rewrapped),
    });
  },
};
