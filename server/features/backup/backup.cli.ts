/** `npm run backup [-- <archive>]`: one sealed archive of the database, documents and secret (backup.ts). */
import { ConfigError, loadConfig } from '../../config';
import { createBackup } from './backup';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const archive = process.argv[2] ?? `backups/arrival-card-${stamp}.tar.gz.sealed`;

try {
  const config = loadConfig();
  console.log(
    `backing up ${config.DATABASE_URL ? 'the PostgreSQL database' : `the embedded database in ${config.DATA_DIR}`}...`,
  );
  const manifest = await createBackup({ config, archive, log: (line) => console.log(line) });
  const rows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `done: ${rows} rows in ${manifest.database.tables.length} tables, ${manifest.documents.files.length} documents. ` +
      'The archive is sealed: a restore needs the encryption keys, kept apart from it (never in the same place).',
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
