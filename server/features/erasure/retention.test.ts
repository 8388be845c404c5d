/**
 * Retention by policy (issue 22): orders past each period are erased (every personal column of the stage read
 * back, every other column as it was), orders within it and ChargeBack orders are untouched, each erasure writes
 * one audit line and shows on the order detail, two runs at once erase each order once, defence packs still build
 * from what is kept and say what was erased, and the due orders are found through their partial indexes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { buildTestApp, isPostgres, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import {
  arrivalOn,
  daysAgo,
  expectErased,
  expectEveryPersonalColumnFilled,
  personalOrder,
  snapshotOrder,
} from '../../test/erasure-check';
import { selectRows } from '../../db/client';
import { processLogs, rateLimits } from '../../db/schema';
import { ALL_ERASED_TEXT, STEP_PERSONAL_ERASED, STEP_TRAVEL_ERASED, TRAVEL_ERASED_TEXT } from '../../db/personal-data';
import { storageFor, type Storage } from '../../lib/storage';
import { dueBefore, runRetention, type RetentionDeps } from './retention.service';
import { dueOrdersStatement } from './erasure-store';
import { intervalMs, RetentionJob } from './retention.job';

const dataDir = mkdtempSync(path.join(tmpdir(), 'retention-test-'));
let t: TestContext;
let storage: Storage;
let deps: RetentionDeps;
const policy = { travelDays: 30, evidenceDays: 540 };
const silentLog = { warn: () => undefined, info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  storage = storageFor(t.config);
  deps = { db: t.database.db, storage, log: silentLog };
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const erasureLines = async (orderId: number) =>
  (await t.database.db.select().from(processLogs).where(eq(processLogs.orderId, orderId)))
    .filter((l) => l.stepName === STEP_TRAVEL_ERASED || l.stepName === STEP_PERSONAL_ERASED)
    .map((l) => ({ step: l.stepName, staff: l.staffName, detail: l.detail }));

const paidDaysAgo = (n: number) => ({ paidAt: daysAgo(n), createdAt: daysAgo(n) });

describe('the retention job', () => {
  // Built in the first test, read by the ones after it.
  const o = {} as Record<
    | 'travelDue'
    | 'travelEdge'
    | 'recent'
    | 'evidenceDue'
    | 'evidenceEdge'
    | 'unpaid'
    | 'chargeBackOld'
    | 'chargeBackTravel',
    { orderId: number; docKey: string; invoiceKey: string }
  >;

  it('erases each stage of the orders past its period and leaves orders within it and ChargeBack orders untouched', async () => {
    const db = t.database.db;
    o.travelDue = await personalOrder(db, storage, 'td1', {
      ...arrivalOn(daysAgo(31)),
      ...paidDaysAgo(45),
      processStatus: 'Completed',
    });
    o.travelEdge = await personalOrder(db, storage, 'te1', {
      ...arrivalOn(daysAgo(30)),
      ...paidDaysAgo(45),
      processStatus: 'Completed',
    });
    o.recent = await personalOrder(db, storage, 're1', { ...arrivalOn(daysAgo(3)), ...paidDaysAgo(10) });
    o.evidenceDue = await personalOrder(db, storage, 'ed1', {
      ...arrivalOn(daysAgo(530)),
      ...paidDaysAgo(541),
      processStatus: 'Completed',
    });
    o.evidenceEdge = await personalOrder(db, storage, 'ee1', {
      ...arrivalOn(daysAgo(530)),
      ...paidDaysAgo(539),
      processStatus: 'Refunds',
    });
    o.unpaid = await personalOrder(db, storage, 'up1', {
      ...arrivalOn(daysAgo(560)),
      paidAt: null,
      createdAt: daysAgo(600),
      processStatus: 'Deleted',
    });
    o.chargeBackOld = await personalOrder(db, storage, 'cb1', {
      ...arrivalOn(daysAgo(580)),
      ...paidDaysAgo(600),
      processStatus: 'ChargeBack',
    });
    o.chargeBackTravel = await personalOrder(db, storage, 'cb2', {
      ...arrivalOn(daysAgo(60)),
      ...paidDaysAgo(70),
      processStatus: 'ChargeBack',
    });
    const before = Object.fromEntries(
      await Promise.all(Object.entries(o).map(async ([k, v]) => [k, await snapshotOrder(db, v.orderId)] as const)),
    );
    for (const snapshot of Object.values(before)) expectEveryPersonalColumnFilled(snapshot, ['travel', 'evidence']);

    const run = await runRetention(deps, policy);
    expect(run).toMatchObject({ travel: 2, evidence: 2, yielded: false });

    await expectErased(db, o.travelDue.orderId, before.travelDue!, ['travel']);
    await expectErased(db, o.evidenceEdge.orderId, before.evidenceEdge!, ['travel']);
    await expectErased(db, o.evidenceDue.orderId, before.evidenceDue!, ['travel', 'evidence']);
    await expectErased(db, o.unpaid.orderId, before.unpaid!, ['travel', 'evidence']);
    for (const untouched of ['travelEdge', 'recent', 'chargeBackOld', 'chargeBackTravel'] as const) {
      expect(await snapshotOrder(db, o[untouched].orderId), untouched).toEqual(before[untouched]);
    }

    // One audit line per erasure: the step, no staff member (N/A), the rule.
    expect(await erasureLines(o.travelDue.orderId)).toEqual([
      { step: STEP_TRAVEL_ERASED, staff: null, detail: 'Retention policy: 30 days after the arrival date' },
    ]);
    expect(await erasureLines(o.evidenceDue.orderId)).toEqual([
      { step: STEP_PERSONAL_ERASED, staff: null, detail: 'Retention policy: 540 days after payment' },
    ]);
    // The document file goes with the travel stage; the invoice (name, e-mail) stays until the evidence stage.
    expect(await storage.get(o.travelDue.docKey)).toBeNull();
    expect(await storage.get(o.travelDue.invoiceKey)).not.toBeNull();
    for (const key of [o.evidenceDue.docKey, o.evidenceDue.invoiceKey]) expect(await storage.get(key)).toBeNull();
    for (const key of [o.chargeBackOld.docKey, o.chargeBackOld.invoiceKey, o.recent.docKey])
      expect(await storage.get(key)).not.toBeNull();

    // A second run finds nothing more to do.
    const again = await runRetention(deps, policy);
    expect(again).toMatchObject({ travel: 0, evidence: 0 });
    expect(await erasureLines(o.travelDue.orderId)).toHaveLength(1);
  });

  it('erases a ChargeBack order once it has left ChargeBack', async () => {
    await t.database.db.execute(
      sql`update orders set process_status = 'Completed' where order_id = ${o.chargeBackOld.orderId}`,
    );
    const before = await snapshotOrder(t.database.db, o.chargeBackOld.orderId);
    expect(await runRetention(deps, policy)).toMatchObject({ travel: 0, evidence: 1 });
    await expectErased(t.database.db, o.chargeBackOld.orderId, before, ['travel', 'evidence']);
  });

  it('shows on the order detail what was erased, when and by which rule', async () => {
    const team = await t.loginAs('Telecaller');
    const res = await t.app.inject({
      url: `/api/admin/get-orders-details/${o.travelDue.orderId}`,
      headers: team.headers,
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.erasures).toEqual([
      {
        step: STEP_TRAVEL_ERASED,
        erased_at: expect.any(String),
        by: 'Retention policy',
        rule: 'Retention policy: 30 days after the arrival date',
        what: TRAVEL_ERASED_TEXT,
      },
    ]);
    expect(Date.parse(detail.travel_erased_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Math.abs(Date.parse(detail.travel_erased_at) - Date.parse(detail.erasures[0].erased_at))).toBeLessThan(1000);
    expect(detail).toMatchObject({
      purged_at: null,
      passport_number: '',
      nationality: '',
      hotel_name: '',
      email: 'person.td1@mail.example',
      surname: 'SURNAMEtd1',
      warnings: [],
    });
    expect(detail.uploadDoc[0]).toMatchObject({
      file1: `${o.travelDue.orderId}_file1.pdf`,
      original_name: 'card-of-td1.pdf',
    });

    const all = (
      await t.app.inject({ url: `/api/admin/get-orders-details/${o.evidenceDue.orderId}`, headers: team.headers })
    ).json().data;
    expect(all.erasures.map((e: { step: string; what: string }) => [e.step, e.what])).toEqual([
      [STEP_PERSONAL_ERASED, ALL_ERASED_TEXT],
    ]);
    expect(all).toMatchObject({ email: '', surname: '', passport_number: '', transaction_id: null });
    expect(all.purged_at).not.toBeNull();
  });

  it('builds both defence packs of an order whose passport details were erased, from what is kept, and says what was erased', async () => {
    await t.database.db.execute(
      sql`update orders set process_status = 'ChargeBack' where order_id = ${o.travelDue.orderId}`,
    );
    const manager = await t.loginAs('Manager');
    for (const type of [1, 2]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/get-defence-pack-pdf',
        headers: manager.headers,
        payload: { orderId: o.travelDue.orderId, defencePackType: type },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
      const all = text.replace(/\s+/g, ' ');
      expect(all).toContain('Erased personal data');
      expect(all).toContain('Passport, travel and customs answers');
      expect(all).toContain('Retention policy: 30 days after the arrival date');
      expect(all).toContain('GIVENtd1 SURNAMEtd1'); // kept: who the customer is
      expect(all).toContain('person.td1@mail.example');
      expect(all).toContain('TXN-td1-991');
      expect(all).toContain('(the file itself has since been erased)');
      expect(all).toContain(type === 1 ? 'Email History (1 sent mail)' : '203.0.113.3'); // the evidence itself: mails, downloads
    }
    const data = await t.app.inject({
      method: 'POST',
      url: '/api/admin/defence-pack-details',
      headers: manager.headers,
      payload: { orderId: o.travelDue.orderId, defencePackType: 2 },
    });
    expect(data.json().data.summary.erasures).toEqual([
      expect.objectContaining({ step: STEP_TRAVEL_ERASED, what: TRAVEL_ERASED_TEXT }),
    ]);
  });

  it('erases each order once when two runs go at once (one audit line each)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 18; i++)
      ids.push(await insertOrder(t.database.db, { ...arrivalOn(daysAgo(40 + i)), ...paidDaysAgo(50 + i) }));
    for (let i = 0; i < 6; i++)
      ids.push(await insertOrder(t.database.db, { ...arrivalOn(daysAgo(560)), ...paidDaysAgo(600 + i) }));
    const runs = await Promise.all([
      runRetention(deps, policy, { batchSize: 4 }),
      runRetention(deps, policy, { batchSize: 4 }),
    ]);
    expect(runs[0]!.travel + runs[1]!.travel).toBe(18);
    expect(runs[0]!.evidence + runs[1]!.evidence).toBe(6);
    const lines = await selectRows<{ order_id: number; n: number }>(
      t.database.db,
      sql`
      select order_id::int as order_id, count(*)::int as n from process_logs
      where step_name in (${STEP_TRAVEL_ERASED}, ${STEP_PERSONAL_ERASED}) and order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by order_id`,
    );
    expect(lines).toHaveLength(ids.length);
    expect(lines.every((l) => l.n === 1)).toBe(true);
  });

  it.skipIf(!isPostgres())('leaves the work to the process holding the lock', async () => {
    const id = await insertOrder(t.database.db, { ...arrivalOn(daysAgo(45)), ...paidDaysAgo(50) });
    const run = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727022)`);
      return runRetention(deps, policy);
    });
    expect(run).toEqual({ travel: 0, evidence: 0, rateLimits: 0, yielded: true });
    expect(await erasureLines(id)).toEqual([]);
    expect(await runRetention(deps, policy)).toMatchObject({ travel: 1, yielded: false });
  });

  it('deletes rate-limit windows (keys hold IP addresses and e-mails) ended more than a day ago', async () => {
    await t.database.db.insert(rateLimits).values([
      { key: 'track:ip:198.51.100.77', windowStart: daysAgo(2), hits: 3 },
      { key: 'login:account:someone@mail.example', windowStart: new Date(), hits: 1 },
    ]);
    expect(await runRetention(deps, policy)).toMatchObject({ rateLimits: 1 });
    expect((await t.database.db.select().from(rateLimits)).map((r) => r.key)).toEqual([
      'login:account:someone@mail.example',
    ]);
  });

  it('finds the due orders of each stage through its partial index', async () => {
    for (const [stage, index] of [
      ['travel', 'orders_travel_due_idx'],
      ['evidence', 'orders_evidence_due_idx'],
    ] as const) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return selectRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain ${dueOrdersStatement(dueBefore(stage, policy, new Date()), 500)}`,
        );
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n'), stage).toContain(index);
    }
    const [valid] = await selectRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in ('orders_travel_due_idx', 'orders_evidence_due_idx') and i.indisvalid`,
    );
    expect(valid!.n).toBe(2);
  });

  it('runs by itself on its interval, and not at all when off', async () => {
    expect([intervalMs('45s'), intervalMs('30m'), intervalMs('1h'), intervalMs('off')]).toEqual([
      45_000,
      1_800_000,
      3_600_000,
      null,
    ]);
    const id = await insertOrder(t.database.db, { ...arrivalOn(daysAgo(45)), ...paidDaysAgo(50) });
    const config = { RETENTION_TRAVEL_DAYS: 30, RETENTION_EVIDENCE_DAYS: 540 };
    const off = new RetentionJob(
      deps as RetentionDeps & { log: typeof silentLog },
      { ...config, RETENTION_INTERVAL: 'off' },
      1,
    );
    off.start();
    await new Promise((r) => setTimeout(r, 100));
    await off.stop();
    expect(await erasureLines(id)).toEqual([]);
    const job = new RetentionJob(
      deps as RetentionDeps & { log: typeof silentLog },
      { ...config, RETENTION_INTERVAL: '1h' },
      1,
    );
    job.start();
    await expect.poll(() => erasureLines(id), { timeout: 5000 }).toHaveLength(1);
    await job.stop();
  });
});
