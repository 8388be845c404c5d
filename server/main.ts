/** Entry point: config, database, migrations, first-start seeding, HTTP server, clean shutdown. */
import { fileURLToPath } from 'node:url';
import { buildApp, LOG_REDACT } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { bootstrap, formatBootstrapBanner } from './seed/bootstrap';
import { resolveJwtSecret } from './lib/secrets';
import { storageFor } from './lib/storage';
import { MailWorker } from './features/mail/mail.worker';

const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../dist/web', import.meta.url));

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  await runMigrations(database);
  const seeded = await bootstrap(database, config);
  const app = await buildApp({
    config, database, webDist: WEB_DIST,
    jwtSecret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    logger: { level: config.LOG_LEVEL, redact: { paths: LOG_REDACT, censor: '[redacted]' } },
  });

  // The mail worker sends queued mails; with several processes each runs one (SKIP LOCKED claims).
  const mailWorker = config.MAIL_WORKER
    ? new MailWorker({ db: database.db, config, storage: storageFor(config), log: app.log.child({ component: 'mail-worker' }) })
    : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // close() stops accepting, waits for in-flight requests, then we close the
    // database so an embedded data folder is flushed and left consistent.
    const force = setTimeout(() => { app.log.error('shutdown timed out'); process.exit(1); }, 20_000);
    force.unref();
    try {
      await mailWorker?.stop(); // finishes the mail being sent; the rest stay queued
      // close() only drops connections idle at that moment; a request still running
      // leaves a keep-alive socket behind, so keep sweeping until close resolves.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      await app.close();
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (!process.env.PUBLIC_BASE_URL && (config.DATABASE_URL || process.env.NODE_ENV === 'production')) {
    app.log.warn(`PUBLIC_BASE_URL is not set: links and logos in customer mails point to ${config.PUBLIC_BASE_URL}`);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  mailWorker?.start();
  const banner = formatBootstrapBanner(seeded, config.PUBLIC_BASE_URL);
  if (banner) console.log(banner);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
