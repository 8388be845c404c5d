/**
 * A whole server process (server/main.ts in a child) sending mail to a real
 * SMTP peer, on PostgreSQL: killed with SIGKILL in the middle of a send, its
 * claimed mails are sent again once its short lease ends, the one whose DATA
 * had arrived with the same Message-ID; stopped with SIGTERM while a slow peer
 * takes 5 s a message, it exits 0 in time and leaves no mail `sending`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { createTestDatabase, isPostgres } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { TEST_ENCRYPTION_KEYS } from '../../test/test-keys';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { loadConfig } from '../../config';
import { selectRows, type Database } from '../../db/client';
import { mails } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { MailWorker } from './mail.worker';
import { queueMail } from './mail.queue';

const LEASE_MS = 4000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-crash-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const urlOf = (database: Database) =>
  (database.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString;
const until = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function queueMails(database: Database, count: number): Promise<number[]> {
  const config = loadConfig({ DEMO_ORDERS: '0' });
  const orderId = await insertOrder(database.db);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await database.db.transaction((tx) =>
        queueMail(tx, config, {
          orderId,
          kind: 'refund_confirmation',
          to: `crash${i}@mail.example`,
          provider: 'smtp',
          staff: null,
          content: { subject: `Mail ${i}`, html: `<p>Mail ${i}</p>`, text: `Mail ${i}` },
        }),
      ),
    );
  }
  return ids;
}

const rowsOf = (database: Database, ids: number[]) =>
  database.db
    .select({
      id: mails.id,
      status: mails.status,
      attempts: mails.attempts,
      messageId: mails.messageId,
      claimToken: mails.claimToken,
    })
    .from(mails)
    .where(inArray(mails.id, ids))
    .orderBy(mails.id);

describe.skipIf(!isPostgres())(
  'a server process that dies or is stopped while sending mail (skipped on PGlite: the child and the test cannot share an embedded database)',
  () => {
    let database: Database | undefined;
    let smtp: SmtpPeer | undefined;
    let server: ServerProcess | undefined;
    afterEach(async () => {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      await server?.exited;
      await smtp?.stop();
      await database?.close();
      server = undefined;
      smtp = undefined;
      database = undefined;
    });

    it('killed with SIGKILL mid-send: its claims are sent again once its lease ends, the interrupted mail with the same Message-ID', async () => {
      database = await createTestDatabase();
      const ids = await queueMails(database, 3);
      let arrived!: () => void;
      const firstArrived = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      let killed!: () => void;
      const dead = new Promise<void>((resolve) => {
        killed = resolve;
      });
      // The first message's DATA arrives whole, and the sender dies before hearing the answer.
      smtp = await startSmtpPeer({
        beforeAnswer: async () => {
          if (smtp!.received.length === 1) {
            arrived();
            await dead;
          }
        },
      });
      const env = {
        DATABASE_URL: urlOf(database),
        ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        SMTP_URL: smtp.url,
        MAIL_LEASE_MS: String(LEASE_MS),
        MAIL_POLL_MS: '100',
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
        PUBLIC_BASE_URL: 'https://cards.example',
      };
      server = startServerProcess(env);
      await server.ready;
      // Item 7 of issue 22: local storage on PostgreSQL is named at start, once.
      expect(server.output().match(/STORAGE_DRIVER=local with a PostgreSQL DATABASE_URL/g)).toHaveLength(1);

      await firstArrived;
      server.child.kill('SIGKILL');
      expect(await server.exited).toBeNull();
      killed();
      const first = smtp.received[0]!;
      const [{ leaseLeftMs }] = (await selectRows<{ leaseLeftMs: number }>(
        database.db,
        sql`
      select (extract(epoch from max(locked_until) - now()) * 1000)::float8 as "leaseLeftMs" from mails where id in ${ids}`,
      )) as [{ leaseLeftMs: number }];
      // The dead process's claims end within one lease of its death, not ten minutes later.
      expect(leaseLeftMs).toBeLessThanOrEqual(LEASE_MS);
      const held = await rowsOf(database, ids);
      expect(held.map((r) => r.status)).toEqual(['sending', 'sending', 'sending']);
      expect(first.messageId).toBe(held[0]!.messageId);

      // Another process's worker: nothing to take while the lease runs, everything once it has ended.
      const config = loadConfig({ ...env, DEMO_ORDERS: '0' });
      const worker = new MailWorker({ db: database.db, config, storage: storageFor(config) });
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 });
      await until(async () => (await worker.drain()).sent > 0);
      await worker.drain();
      await worker.stop();
      await smtp.waitFor(4);

      const rows = await rowsOf(database, ids);
      expect(rows.map((r) => [r.status, r.attempts, r.claimToken])).toEqual([
        ['sent', 2, null],
        ['sent', 2, null],
        ['sent', 2, null],
      ]);
      // Mail 1 arrived twice, both times as the same message; every other mail once; no two mails share an id.
      const byMail = smtp.received.map((m) => [Number(m.mailId), m.messageId]);
      expect(byMail.filter(([id]) => id === ids[0])).toEqual([
        [ids[0], first.messageId],
        [ids[0], first.messageId],
      ]);
      expect(
        byMail
          .filter(([id]) => id !== ids[0])
          .map(([id]) => id)
          .sort(),
      ).toEqual(ids.slice(1));
      expect(new Set(rows.map((r) => r.messageId)).size).toBe(3);
      for (const [id, messageId] of byMail) expect(messageId).toBe(rows.find((r) => r.id === id)!.messageId);
    }, 90_000);

    it('stopped with SIGTERM while a slow peer takes 5 s a message: finishes that mail, hands the rest back, exits 0', async () => {
      database = await createTestDatabase();
      const ids = await queueMails(database, 4);
      smtp = await startSmtpPeer({ delayMs: 5000 });
      server = startServerProcess({
        DATABASE_URL: urlOf(database),
        ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '100',
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
      });
      await server.ready;
      await until(() => smtp!.receiving >= 1); // the first of its batch of four is being sent
      server.child.kill('SIGTERM');
      // Sending the whole batch would take 20 s: the shutdown limit, which exits 1.
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
      expect(server.output()).not.toContain('shutdown timed out');

      const rows = await rowsOf(database, ids);
      expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
      expect(rows.map((r) => [r.status, r.attempts, r.claimToken])).toEqual([
        ['sent', 1, null],
        ['queued', 0, null],
        ['queued', 0, null],
        ['queued', 0, null],
      ]);
      expect(smtp.received.map((m) => Number(m.mailId))).toEqual([ids[0]]);
      expect(smtp.received[0]!.messageId).toBe(rows[0]!.messageId);
    }, 90_000);
  },
);
