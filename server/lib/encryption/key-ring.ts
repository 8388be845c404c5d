/**
 * The keys that seal personal data at rest (product: security.md#keys): the current key seals every new value and
 * file, older keys stay to open what they sealed until a rotation has moved it. Each master key is 32 random bytes
 * with an id; every sealed value and file names the id of its key, so any key of the ring opens it.
 *
 * Each purpose has its own key derived from the master (HKDF): field values, blind indexes, wrapped file keys and the
 * check value that tells a wrong key from the right one. A sealed value is bound to its context (`orders.passport`),
 * so a value copied into another column does not open there.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VALUE_PREFIX = 'ev1';

/** A key the configuration does not hold, or one that is not what it should be: the start stops naming it. */
export class KeyRingError extends Error {
  override name = 'KeyRingError';
}

export interface KeyRing {
  /** The id of the key every new value and file is sealed with. */
  readonly currentId: string;
  /** Every key id of the ring, the current one first. */
  readonly ids: readonly string[];
  /** Seals a text value for one context (the column it lives in): `ev1.<key id>.<iv>.<ciphertext and tag>`. */
  sealValue(plain: string, context: string): string;
  /** Opens a sealed value of that context; throws naming the key id when the ring lacks it or the value is forged. */
  openValue(sealed: string, context: string): string;
  /**
   * The keyed hash of a value under the current key, for an exact lookup without opening every value (a blind
   * index). Normalise the value first (trim, case) the same way on write and on lookup.
   */
  blindIndex(value: string, context: string): string;
  /** The value's blind index under every key of the ring: a lookup matches rows sealed before a rotation too. */
  blindIndexes(value: string, context: string): string[];
  /** A new random data key wrapped by the current key, for sealing one file or one archive. */
  newDataKey(): { key: Buffer; keyId: string; wrapped: Buffer };
  /** A data key wrapped by the current key (a rotation rewraps a file's key and leaves its body). */
  wrapDataKey(key: Buffer): { keyId: string; wrapped: Buffer };
  /** The data key of a file or archive, unwrapped by the key whose id it carries. */
  unwrapDataKey(keyId: string, wrapped: Buffer): Buffer;
  /** A short value that shows whether a key is the one the data was sealed with, without giving it away. */
  checkValue(keyId: string): string;
}

export function isSealedValue(value: string): boolean {
  return value.startsWith(`${VALUE_PREFIX}.`);
}

/** The key id a sealed value names, or null for a value in clear. */
export function keyIdOfValue(value: string): string | null {
  if (!isSealedValue(value)) return null;
  return value.split('.', 3)[1] ?? null;
}

/**
 * Reads `ENCRYPTION_KEYS`: `id:base64key` pairs separated by commas, the current key first, e.g.
 * `k2026b:3q2+7w...,k2026a:Zm9v...`. Throws a message naming what is wrong (never the key itself).
 */
export function parseEncryptionKeys(text: string): { id: string; key: Buffer }[] {
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new KeyRingError('ENCRYPTION_KEYS: holds no key (expected id:base64key,...)');
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    if (!KEY_ID.test(id))
      throw new KeyRingError(
        `ENCRYPTION_KEYS: entry ${index + 1} must be id:base64key, the id of letters, digits, _ or - (1-32)`,
      );
    if (seen.has(id)) throw new KeyRingError(`ENCRYPTION_KEYS: the key id ${id} is given twice`);
    seen.add(id);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (key.length !== KEY_BYTES)
      throw new KeyRingError(
        `ENCRYPTION_KEYS: the key ${id} must be ${KEY_BYTES} random bytes in base64 (it has ${key.length})`,
      );
    return { id, key };
  });
}

/** A fresh key as `ENCRYPTION_KEYS` writes it: `id:base64key`. */
export function generateKeyEntry(id: string): string {
  if (!KEY_ID.test(id)) throw new KeyRingError(`not a key id: ${id}`);
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

interface DerivedKeys {
  field: Buffer;
  index: Buffer;
  wrap: Buffer;
  check: Buffer;
}

const derive = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, 'arrival-card key ring', purpose, KEY_BYTES));

export function keyRing(keys: { id: string; key: Buffer }[]): KeyRing {
  if (keys.length === 0) throw new KeyRingError('a key ring needs at least one key');
  const byId = new Map<string, DerivedKeys>(
    keys.map(({ id, key }) => [
      id,
      {
        field: derive(key, 'field values v1'),
        index: derive(key, 'blind index v1'),
        wrap: derive(key, 'data keys v1'),
        check: derive(key, 'key check v1'),
      },
    ]),
  );
  const currentId = keys[0]!.id;
  const keysOf = (id: string): DerivedKeys => {
    const found = byId.get(id);
    if (!found) throw new KeyRingError(`ENCRYPTION_KEYS: holds no key ${id}, which sealed stored data`);
    return found;
  };
  const hmac = (key: Buffer, value: string, context: string) =>
    createHmac('sha256', key).update(context).update('\0').update(value).digest().subarray(0, 16).toString('base64url');
  const wrapDataKey = (key: Buffer) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', keysOf(currentId).wrap, iv);
    return { keyId: currentId, wrapped: Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]) };
  };

  return {
    currentId,
    ids: keys.map((k) => k.id),
    sealValue(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keysOf(currentId).field, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VALUE_PREFIX, currentId, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    openValue(sealed, context) {
      const [prefix, id, iv, body] = sealed.split('.');
      if (prefix !== VALUE_PREFIX || !id || !iv || !body) throw new KeyRingError(`not a sealed value of ${context}`);
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', keysOf(id).field, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new KeyRingError(`ENCRYPTION_KEYS: the key ${id} does not open a value of ${context}: a wrong key?`);
      }
    },
    blindIndex: (value, context) => hmac(keysOf(currentId).index, value, context),
    blindIndexes: (value, context) => keys.map(({ id }) => hmac(keysOf(id).index, value, context)),
    newDataKey() {
      const key = randomBytes(KEY_BYTES);
      return { key, ...wrapDataKey(key) };
    },
    wrapDataKey,
    unwrapDataKey(keyId, wrapped) {
      const decipher = createDecipheriv('aes-256-gcm', keysOf(keyId).wrap, wrapped.subarray(0, IV_BYTES));
      decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        throw new KeyRingError(`ENCRYPTION_KEYS: the key ${keyId} does not open a sealed file: a wrong key?`);
      }
    },
    checkValue: (keyId) => hmac(keysOf(keyId).check, 'arrival-card', 'key check'),
  };
}
