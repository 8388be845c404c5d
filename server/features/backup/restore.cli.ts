/**
 * `npm run restore -- <archive> [--key-file <file>]`: into an empty DATA_DIR, or an empty DATABASE_URL database
 * (restore.ts). A sealed archive needs the instance's keys: ENCRYPTION_KEYS, or the key file given.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { restoreBackup } from './restore';

const USAGE =
  'usage: npm run restore -- <archive> [--key-file <copy of the instance DATA_DIR/encryption-keys>]\n' +
  '       (into an empty DATA_DIR, or an empty database at DATABASE_URL; the keys from ENCRYPTION_KEYS or the key file)';

let archive: string | undefined;
let keyFile: string | undefined;
try {
  const { values, positionals } = parseArgs({
    options: { 'key-file': { type: 'string' } },
    allowPositionals: true,
  });
  [archive] = positionals;
  keyFile = values['key-file'];
  if (!archive || positionals.length > 1) throw new Error('one archive');
} catch {
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = loadConfig();
  await restoreBackup({ config, archive, ...(keyFile ? { keyFile } : {}), log: (line) => console.log(line) });
  console.log('restored. Start the server as usual.');
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
