/**
 * The key ring of the API tests: one fixed key, so that a test app, the order factory and the seed's loader seal and
 * open alike, and nothing is generated into a data folder.
 */
import { createHash } from 'node:crypto';
import { keyRing, parseEncryptionKeys } from '../lib/encryption/key-ring';

export const TEST_ENCRYPTION_KEYS = `ktest:${createHash('sha256').update('arrival-card test key').digest('base64')}`;
export const TEST_KEY_RING = keyRing(parseEncryptionKeys(TEST_ENCRYPTION_KEYS));
