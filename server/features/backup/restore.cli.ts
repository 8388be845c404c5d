/** `npm run restore -- <archive.tar.gz>`: into an empty DATA_DIR, or an empty DATABASE_URL database (restore.ts). */
import { ConfigError, loadConfig } from '../../config';
import { restoreBackup } from './restore';

const archive = process.argv[2];
if (!archive) {
  console.error(
    'usage: npm run restore -- <archive.tar.gz>   (into an empty DATA_DIR, or an empty database at DATABASE_URL)',
  );
  process.exit(2);
}
try {
  const config = loadConfig();
  await restoreBackup({ config, archive, log: (line) => console.log(line) });
  console.log('restored. Start the server as usual.');
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
