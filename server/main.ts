/** Entry point: config, keys, database, migrations, first-start seeding, HTTP server, clean shutdown. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, startupWarnings, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { announceFirstStart, bootstrap } from './seed/bootstrap';
import { resolveJwtSecret } from './lib/secrets';
import { storageFor } from './lib/storage';
import { MailWorker } from './features/mail/mail.worker';
import { RetentionJob } from './features/erasure/retention.job';
import { FollowUpJob } from './features/information-requests';
import { SealingJob } from './features/sealing';
import { collectProcessMetrics } from './features/metrics/metrics';
import { projectPath } from './lib/project-root';
import { KeyRingError } from './lib/encryption/key-ring';
import { KEY_FILE, KEY_FILE_WARNING, resolveKeySource, type KeySource } from './lib/encryption/key-source';
import { checkStoredKeys, registerCurrentKey } from './lib/encryption/stored-keys';

const WEB_DIST = process.env.WEB_DIST ?? projectPath('dist', 'web');
/** SIGTERM to exit: what an orchestrator usually allows before it kills (Kubernetes gives 30 s). */
const SHUTDOWN_LIMIT_MS = 20_000;
/** Of which the mail worker may spend this on the mail it is sending; the rest is for closing the database. */
const MAIL_SHUTDOWN_MS = 15_000;

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
  // The keys before anything is opened: a missing or malformed key stops here, having written nothing.
  let keys: KeySource;
  try {
    keys = resolveKeySource(config);
  } catch (error) {
    if (error instanceof KeyRingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // How long each start-up step took goes into the "listening" line: a slow restart says where its time went.
  const steps: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    try {
      return await step();
    } finally {
      steps[name] = Math.round(performance.now() - begin);
    }
  };
  const database = await timed('databaseMs', () =>
    openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE }),
  );
  // The ring against the keys that sealed the stored data: checked before the migrations (they write), and the current
  // key recorded after them (the first start of a database has no table to check before).
  const keyFile = keys.generated ? path.resolve(config.DATA_DIR, KEY_FILE) : null;
  await stopOnWrongKey(database, keyFile, () => checkStoredKeys(database.db, keys.ring));
  await timed('migrationsMs', () => runMigrations(database));
  await stopOnWrongKey(database, keyFile, () => registerCurrentKey(database.db, keys.ring));
  const seeded = await timed('seedMs', () => bootstrap(database, config, (line) => console.log(line))); // demo-order progress (never in production)
  const app = await timed('appMs', () =>
    buildApp({
      config,
      database,
      webDist: WEB_DIST,
      jwtSecret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
      keyRing: keys.ring,
      logger: { level: config.LOG_LEVEL }, // what a line may carry: lib/log-safety.ts, applied by buildApp
    }),
  );

  collectProcessMetrics(database.db);

  // The mail worker sends queued mails; with several processes each runs one (SKIP LOCKED claims).
  const mailWorker = config.MAIL_WORKER
    ? new MailWorker({
        db: database.db,
        config,
        storage: storageFor(config),
        log: app.log.child({ component: 'mail-worker' }),
      })
    : null;

  // Retention: every process keeps the clock; an advisory lock lets one erase at a time.
  const retention = new RetentionJob(
    { db: database.db, storage: storageFor(config), log: app.log.child({ component: 'retention' }) },
    config,
  );

  // Requests for information: every process keeps the clock; row locks (SKIP LOCKED) share the due requests.
  const followUps = new FollowUpJob({
    db: database.db,
    config,
    log: app.log.child({ component: 'information-requests' }),
  });

  // Orders stored before sealing: every process seals them a batch at a time, skipping rows another holds.
  const sealing = new SealingJob({ db: database.db, ring: keys.ring, log: app.log.child({ component: 'sealing' }) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.shuttingDown = true; // /api/health/ready answers 503 from now on
    app.log.info({ signal, drainMs: config.READINESS_DRAIN_MS }, 'shutting down: finishing in-flight requests');
    // HTTP and the mail worker wind down side by side, then we close the database
    // so an embedded data folder is flushed and left consistent.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS + config.READINESS_DRAIN_MS);
    force.unref();
    try {
      const closeHttp = async () => {
        // Still serving while the load balancer notices the failing readiness (READINESS_DRAIN_MS, default 0).
        await new Promise((resolve) => setTimeout(resolve, config.READINESS_DRAIN_MS));
        // close() stops accepting, waits for in-flight requests; it only drops connections idle at that
        // moment, and a request still running leaves a keep-alive socket behind, so keep sweeping.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
        await app.close();
        clearInterval(sweep);
      };
      // The worker claims nothing more, hands back what it has not started, and finishes the mail it is
      // sending (or leaves it to its lease if that takes too long): docs/decisions/0012.
      // The retention job finishes the batch it is erasing (one short transaction).
      await Promise.all([
        mailWorker?.stop({ withinMs: MAIL_SHUTDOWN_MS }),
        retention.stop(),
        followUps.stop(),
        sealing.stop(),
        closeHttp(),
      ]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (const warning of startupWarnings(config)) app.log.warn(warning);
  if (keys.from === 'data-folder') app.log.warn(KEY_FILE_WARNING);
  await app.listen({ port: config.PORT, host: config.HOST });
  // Since the process began: module loading (tsx compiles the server's TypeScript) is the part before `main`.
  app.log.info({ ...steps, sinceProcessStartMs: Math.round(performance.now()) }, 'ready for requests');
  mailWorker?.start();
  retention.start();
  followUps.start();
  sealing.start();
  announceFirstStart(seeded, {
    url: config.PUBLIC_BASE_URL,
    dataDir: config.DATA_DIR,
    interactive: !!process.stdout.isTTY,
    print: (text) => process.stdout.write(`${text}\n`),
    log: (message) => app.log.warn(message),
  });
}

/**
 * A ring that is not the stored data's (a wrong key, a key missing): the message names the key, the process exits
 * before it writes. A key file this start generated goes too, so the next start with the right keys finds none.
 */
async function stopOnWrongKey(
  database: Database,
  generatedFile: string | null,
  check: () => Promise<void>,
): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof KeyRingError)) throw error;
    console.error(error.message);
    if (generatedFile) rmSync(generatedFile, { force: true });
    await database.close();
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
