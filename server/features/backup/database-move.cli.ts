/**
 * `npm run db:move -- --to postgres://... [--from <data folder>]`: the embedded database (DATA_DIR by default) into an
 * empty PostgreSQL database; `--from postgres://... --to <new folder>` the other way, for a development copy
 * (database-move.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { moveDatabase, shownUrl } from './database-move';

const USAGE =
  'usage: npm run db:move -- --to postgres://user@host:5432/db [--from <data folder>]   (default --from: DATA_DIR)\n' +
  '       npm run db:move -- --from postgres://user@host:5432/db --to <new data folder>';

let args: { from?: string; to?: string };
try {
  args = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!args.to) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const from = args.from ?? loadConfig().DATA_DIR;
  const result = await moveDatabase({ from, to: args.to, log: (line) => console.log(line) });
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `done: ${rows} rows in ${result.tables.length} tables, each table's row count and checksum equal on both sides.`,
  );
  console.log(`  not copied (filled again by the product): ${Object.keys(result.notCopied).join(', ')}`);
  if (result.newerMigrations)
    console.log(`  the server applies ${result.newerMigrations} newer migrations when it starts on the copy`);
  if (result.to.kind === 'postgres') {
    const dataDir = result.from.kind === 'folder' ? result.from.dir : 'the same DATA_DIR as before';
    console.log(
      [
        '',
        'Start the server with',
        `  DATABASE_URL=${shownUrl(result.to.url)}${shownUrl(result.to.url) === result.to.url ? '' : '   (with the password you gave)'}`,
        `and keep DATA_DIR=${dataDir}: the documents (uploads/) and the generated JWT secret (jwt-secret) stay there.`,
        `The embedded database in it is no longer used once DATABASE_URL is set; keep it until the server runs well.`,
      ].join('\n'),
    );
  } else {
    console.log(
      [
        '',
        `Start a server on the copy with DATA_DIR=${result.to.dir} and DATABASE_URL unset.`,
        'Documents and the JWT secret were not copied: document downloads of the copy find nothing unless its storage',
        'points at the same place, and staff sign in again (two-factor secrets need the same JWT_SECRET or TWO_FACTOR_KEY).',
      ].join('\n'),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
