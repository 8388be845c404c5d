/**
 * Two server processes on one PostgreSQL: two workers with their own
 * connection pools drain the same queue at the same time against one SMTP
 * peer; every mail arrives exactly once. A worker that died mid-send leaves a
 * lease that expires, and the mail is then sent by another worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, isPostgres, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { openDatabase, type Database } from '../../db/client';
import { mails } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { MailWorker } from './mail.worker';
import { queueMail } from './mail.queue';

const MAILS = 40;

// PGlite is one in-process connection: two "processes" cannot share it, so this is a PostgreSQL-only test.
describe.skipIf(!isPostgres())(
  'two workers on one PostgreSQL (skipped on PGlite: one in-process connection, no second process can attach)',
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-once-test-'));
    let smtp: SmtpPeer;
    let t: TestContext;
    let second: Database;

    beforeAll(async () => {
      smtp = await startSmtpPeer({ delayMs: 15 });
      t = await buildTestApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      const url = (t.database.raw.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, poolSize: 4 });
    });
    afterAll(async () => {
      await second.close();
      await t.close();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('sends each of many queued mails exactly once', async () => {
      const orderId = await insertOrder(t.database.db);
      const ids: number[] = [];
      for (let i = 0; i < MAILS; i++) {
        ids.push(
          await t.database.db.transaction((tx) =>
            queueMail(tx, t.config, {
              orderId,
              kind: 'refund_confirmation',
              to: `c${i}@mail.example`,
              provider: 'smtp',
              staff: null,
              content: { subject: `Mail ${i}`, html: `<p>Mail ${i}</p>`, text: `Mail ${i}` },
            }),
          ),
        );
      }
      const storage = storageFor(t.config);
      const a = new MailWorker({ db: t.database.db, config: t.config, storage, batchSize: 3 });
      const b = new MailWorker({ db: second.db, config: t.config, storage, batchSize: 3 });
      const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);

      expect(ra.sent + rb.sent).toBe(MAILS);
      expect(ra.sent).toBeGreaterThan(0); // both really worked on the queue
      expect(rb.sent).toBeGreaterThan(0);
      await smtp.waitFor(MAILS);
      await new Promise((r) => setTimeout(r, 200)); // a duplicate would have arrived by now
      const received = smtp.received.map((m) => Number(m.mailId)).sort((x, y) => x - y);
      expect(received).toEqual(ids);
      const rows = await t.database.db
        .select({ status: mails.status, attempts: mails.attempts })
        .from(mails)
        .where(eq(mails.orderId, orderId));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });

    it('takes over a mail whose worker died after claiming it, once the lease has ended', async () => {
      smtp.received.length = 0;
      const orderId = await insertOrder(t.database.db);
      const mailId = await t.database.db.transaction((tx) =>
        queueMail(tx, t.config, {
          orderId,
          kind: 'refund_confirmation',
          to: 'late@mail.example',
          provider: 'smtp',
          staff: null,
          content: { subject: 'Late', html: '<p>Late</p>', text: 'Late' },
        }),
      );
      // A process claimed it and died: status sending, lease still running.
      await t.database.db.execute(
        sql`update mails set status = 'sending', attempts = 1, locked_until = now() + interval '1 hour' where id = ${mailId}`,
      );
      const w = new MailWorker({ db: second.db, config: t.config, storage: storageFor(t.config) });
      expect(await w.runOnce()).toMatchObject({ claimed: 0 });
      await t.database.db.execute(
        sql`update mails set locked_until = now() - interval '1 second' where id = ${mailId}`,
      );
      expect(await w.drain()).toMatchObject({ sent: 1 });
      await w.stop();
      await smtp.waitFor(1);
      expect(smtp.received.map((m) => m.mailId)).toEqual([String(mailId)]);
    });
  },
);
