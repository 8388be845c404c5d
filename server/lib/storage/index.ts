/**
 * Where documents and generated files live (DECISIONS section 5): one small
 * interface, a folder under DATA_DIR by default, an S3-compatible bucket by
 * config. Keys are built by the services (`docs/{orderId}/...`), never taken
 * from a user; nothing here is ever served from a public static path.
 */
import type { Config } from '../../config';
import { perObject } from '../per-object';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export type { Storage, StoredObject } from './types';
export { assertSafeKey } from './types';

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      prefix: config.S3_PREFIX,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    });
  }
  return new LocalStorage(config.DATA_DIR);
}

/** One storage per configuration, shared by the routes and the mail worker of a process. */
export const storageFor = perObject<Config, Storage>(createStorage);
