/**
 * Files sealed at rest (product: security.md#documents): every `put` stores the file sealed with a fresh data key
 * wrapped by the ring's current key (lib/encryption/sealed-file.ts), every `get` answers the bytes as they were put.
 * The same on a local folder and in a bucket: S3 receives sealed bytes only, so neither a copied disk nor an opened
 * bucket shows a document.
 *
 * A file stored before sealing existed (no sealed-file header) is answered as it lies, so its download keeps working
 * until the sealing step (seal-files.ts) has sealed it. The ring is resolved at the first file sealed or opened: a
 * storage that is only probed (readiness) or never used needs no key.
 */
import type { KeyRing } from '../encryption/key-ring';
import { isSealedFile, openFile, sealFile } from '../encryption/sealed-file';
import type { Storage } from './types';

export function sealing(driver: Storage, ring: () => KeyRing): Storage {
  return {
    kind: driver.kind,
    put: (key, body, contentType) => driver.put(key, sealFile(ring(), body), contentType),
    async get(key) {
      const object = await driver.get(key);
      if (!object || !isSealedFile(object.body)) return object;
      return { ...object, body: openFile(ring(), object.body) };
    },
    delete: (key) => driver.delete(key),
  };
}
