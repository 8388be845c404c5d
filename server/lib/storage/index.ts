/**
 * Where documents and generated files live (product: orders.md#documents): one small
 * interface, a folder under DATA_DIR by default, an S3-compatible bucket by
 * config. Keys are built by the services (`docs/{orderId}/...`), never taken
 * from a user; nothing here is ever served from a public static path. Every file
 * is sealed at rest (sealing.ts); only the backup, the restore and the sealing
 * step handle the stored bytes as they lie (`storedBytesFor`).
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { keyRingFor } from '../encryption/key-source';
import { perObject } from '../per-object';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import { sealing } from './sealing';
import { ServiceUnavailableError } from '../errors';
import { STORAGE_UNAVAILABLE, storageOutageCode, type Storage } from './types';

export type { Storage, StoredObject } from './types';
export { assertSafeKey, STORAGE_UNAVAILABLE } from './types';

export function createStorage(config: Config): Storage {
  return sealing(storedBytesFor(config), () => keyRingFor(config));
}

/**
 * The driver with its outages turned into ServiceUnavailableError (503, "try again"), in one place for
 * every caller: an upload, a staff or customer download, a mail attachment (the worker retries it later).
 */
function reportingOutages(driver: Storage): Storage {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const causeCode = storageOutageCode(driver.kind, error);
      if (causeCode) throw new ServiceUnavailableError(STORAGE_UNAVAILABLE, { cause: error, causeCode });
      throw error;
    }
  };
  return {
    kind: driver.kind,
    put: (key, body, contentType) => guard(() => driver.put(key, body, contentType)),
    get: (key) => guard(() => driver.get(key)),
    delete: (key) => guard(() => driver.delete(key)),
  };
}

function createDriver(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      prefix: config.S3_PREFIX,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalStorage(config.DATA_DIR);
}

/** One storage per configuration, shared by the routes and the mail worker of a process. */
export const storageFor = perObject<Config, Storage>(createStorage);

/**
 * The same storage without the sealing layer: files as they lie, sealed (or, from before sealing, in clear). For
 * the backup (an archive holds the files as stored), the restore, and the step that seals and rewraps them.
 */
export const storedBytesFor = perObject<Config, Storage>((config) => reportingOutages(createDriver(config)));

/**
 * Puts a file of an order under a fresh key (`{folder}/{orderId}/{uuid}/{filename}`), then runs `record`, the
 * transaction that names it; when that fails the file is removed again, so storage never keeps a file no row names
 * (a document upload, an invoice, a defence pack mailed as an attachment).
 */
export async function storeOrderFile<T>(
  storage: Storage,
  file: { folder: string; orderId: number; filename: string; body: Buffer; contentType: string },
  record: (storageKey: string) => Promise<T>,
): Promise<T> {
  const storageKey = `${file.folder}/${file.orderId}/${randomUUID()}/${file.filename}`;
  await storage.put(storageKey, file.body, file.contentType);
  try {
    return await record(storageKey);
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
