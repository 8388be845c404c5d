/**
 * Where the key ring comes from (product: security.md#keys): `ENCRYPTION_KEYS` when set; otherwise, for the
 * embedded database only, one key generated at the first start into DATA_DIR/encryption-keys. A server database
 * (DATABASE_URL) without `ENCRYPTION_KEYS` does not start: every process on it needs the same keys, and a key kept on
 * one host's disk beside the data protects nothing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { perObject } from '../per-object';
import { generateKeyEntry, KeyRingError, keyRing, parseEncryptionKeys, type KeyRing } from './key-ring';

export const KEY_FILE = 'encryption-keys';

export interface KeySource {
  ring: KeyRing;
  /** Where the keys were read: the environment, or the data folder's file (and whether this start made it). */
  from: 'environment' | 'data-folder';
  generated: boolean;
}

type KeySettings = Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & { ENCRYPTION_KEYS?: string | undefined };

export function resolveKeySource(config: KeySettings): KeySource {
  if (config.ENCRYPTION_KEYS)
    return { ring: keyRing(parseEncryptionKeys(config.ENCRYPTION_KEYS)), from: 'environment', generated: false };
  if (config.DATABASE_URL)
    throw new KeyRingError(
      'ENCRYPTION_KEYS: is required with DATABASE_URL (every process needs the same keys; ' +
        'make one with `npm run keys:rotate -- --new-key`)',
    );
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    try {
      return { ring: keyRing(parseEncryptionKeys(text)), from: 'data-folder', generated: false };
    } catch (error) {
      throw new KeyRingError(`${file}: ${(error as Error).message.replace(/^ENCRYPTION_KEYS: /, '')}`);
    }
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const entry = generateKeyEntry(`k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`);
  writeFileSync(file, entry + '\n', { mode: 0o600, flag: 'wx' });
  return { ring: keyRing(parseEncryptionKeys(entry)), from: 'data-folder', generated: true };
}

/** The warning a start prints when the keys live beside the data they protect. */
export const KEY_FILE_WARNING =
  `The encryption key was generated into DATA_DIR/${KEY_FILE}. It belongs elsewhere in production: ` +
  'copy its line into ENCRYPTION_KEYS (a secret store) and delete the file; a backup of the data folder ' +
  'never holds it.';

/** One key ring per configuration, shared by the routes, the storage and the workers of a process. */
export const keyRingFor = perObject<KeySettings, KeyRing>((config) => resolveKeySource(config).ring);
