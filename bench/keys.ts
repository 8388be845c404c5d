/**
 * The bench's key ring (product: security.md#keys): one fixed key for every bench database and process, so the seed
 * seals and the bench servers open the same orders, on PostgreSQL (which needs ENCRYPTION_KEYS) as on PGlite. Never a
 * production key: it is in the repository.
 */
import { createHash } from 'node:crypto';
import { keyRing, parseEncryptionKeys } from '../server/lib/encryption/key-ring';

export const BENCH_ENCRYPTION_KEYS = `kbench:${createHash('sha256').update('arrival-card bench key').digest('base64')}`;
export const benchKeyRing = () => keyRing(parseEncryptionKeys(BENCH_ENCRYPTION_KEYS));
