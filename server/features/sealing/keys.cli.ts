/**
 * `npm run keys:rotate` (product: security.md#key-procedure): brings every sealed value under the current key of
 * ENCRYPTION_KEYS (its first entry), a batch at a time while the product serves, then says which older keys may be
 * removed. Stopped half-way, it goes on where values are left when run again.
 *
 * `npm run keys:rotate -- --new-key [--id <id>]` prints a fresh key entry to put first in ENCRYPTION_KEYS, and
 * changes nothing.
 *
 * Exit code 0: everything is under the current key; 2: some rows were held by members through every pass (run it
 * again); 1: a configuration or key error, named.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { generateKeyEntry, KEY_ID, KeyRingError } from '../../lib/encryption/key-ring';
import { KEY_FILE, keyRingFor } from '../../lib/encryption/key-source';
import { keyTableExists, registerCurrentKey, storedKeys } from '../../lib/encryption/stored-keys';
import { rotateKeys } from './rotation';

const { values } = parseArgs({ options: { 'new-key': { type: 'boolean' }, id: { type: 'string' } } });

if (values['new-key']) {
  const id = values.id ?? `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  if (!KEY_ID.test(id)) {
    console.error('--id: 1-32 letters, digits, _ or -');
    process.exit(1);
  }
  console.log(generateKeyEntry(id));
  console.error(
    'Put this entry FIRST in ENCRYPTION_KEYS, keep the current entries after it, restart every process, ' +
      'then run `npm run keys:rotate`. Keep it in your secret store: it is shown once.',
  );
  process.exit(0);
}

try {
  const config = loadConfig();
  // The CLI never makes the embedded key: only a server's first start does, beside the data it seals.
  if (!config.ENCRYPTION_KEYS && !config.DATABASE_URL && !existsSync(path.resolve(config.DATA_DIR, KEY_FILE)))
    throw new KeyRingError(
      `ENCRYPTION_KEYS: is not set and ${path.resolve(config.DATA_DIR, KEY_FILE)} does not exist: start the server ` +
        'once, or set ENCRYPTION_KEYS',
    );
  const ring = keyRingFor(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    if (!(await keyTableExists(database.db))) {
      throw new KeyRingError('the database is not set up yet: start the server once before rotating keys');
    }
    await registerCurrentKey(database.db, ring);
    console.log(`current key: ${ring.currentId}; ENCRYPTION_KEYS holds ${ring.ids.join(', ')}`);
    const result = await rotateKeys({ db: database.db, ring, config }, { say: (line) => console.log(line) });
    const left = result.steps.filter((s) => s.left > 0);
    if (left.length) {
      console.log('Some values were held by members through every pass: run `npm run keys:rotate` again.');
      process.exitCode = 2;
    } else {
      const removable = (await storedKeys(database.db)).filter(
        (k) => k.retired && k.id !== ring.currentId && ring.ids.includes(k.id),
      );
      console.log(
        removable.length
          ? `Everything is sealed under ${ring.currentId}. These keys may now be removed from ENCRYPTION_KEYS ` +
              `(then restart every process): ${removable.map((k) => k.id).join(', ')}`
          : `Everything is sealed under ${ring.currentId}; no other key is needed.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof KeyRingError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
