import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { FOLDERS, PROCESS_STATUSES, PROCESSING_MODES, type Folder } from '../../../shared/orders';
import { folderPredicate, SEARCH_PARTS, searchPartIndex, type SearchPart } from './folders';
import { cheapestPieces, renewTrigramStats } from './search-terms';

let t: TestContext;
type Login = Awaited<ReturnType<TestContext['loginAs']>>;
let team: Login;
let telecaller: Login;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  team = await t.loginAs('Team', { name: 'Tess Team' });
  telecaller = await t.loginAs('Telecaller');
  await t.loginAs('Night Staff');
  await t.seedRecentOrders(300);
});
afterAll(async () => {
  await t.close();
});

const list = (folder: string, query: string, headers = team.headers) =>
  t.app.inject({ url: `/api/admin/get-orders-list/${folder}?${query}`, headers });
const search = (body: Record<string, unknown>, headers = team.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/search-order', headers, payload: body });

/** Ids the folder's predicate selects, newest first: what every list must answer. */
async function expectedIds(folder: Folder, staffId: number, extra = sql`true`): Promise<number[]> {
  const rows = await selectRows<{ order_id: number }>(
    t.database.db,
    sql`
    select order_id from orders o where ${folderPredicate(folder, staffId)} and ${extra}
    order by created_at desc, order_id desc`,
  );
  return rows.map((r) => Number(r.order_id));
}

describe('GET /api/admin/get-orders-list/{orderName}', () => {
  it('answers exactly the rows of each folder predicate, newest first, with totalRecords', async () => {
    for (const folder of FOLDERS) {
      const expected = await expectedIds(folder, team.member.id);
      const res = await list(folder, 'page=1&limit=5000&delay=1&userName=ignored');
      expect(res.statusCode, folder).toBe(200);
      const body = res.json();
      expect(
        body.data.map((r: { order_id: number }) => r.order_id),
        folder,
      ).toEqual(expected);
      expect(body.totalRecords, folder).toBe(expected.length);
    }
    // The seed gives the queues real content, so the comparison above means something.
    expect((await expectedIds('newOrder', team.member.id)).length).toBeGreaterThan(20);
    expect((await expectedIds('myOrder', team.member.id)).length).toBeGreaterThan(0);
  });

  it('pages: default 10 rows, windows by page and limit, an empty page past the end', async () => {
    const all = await expectedIds('orderHistory', team.member.id);
    const first = (await list('orderHistory', '')).json();
    expect(first.data.map((r: { order_id: number }) => r.order_id)).toEqual(all.slice(0, 10));
    const third = (await list('orderHistory', 'page=3&limit=25')).json();
    expect(third.data.map((r: { order_id: number }) => r.order_id)).toEqual(all.slice(50, 75));
    expect(third.totalRecords).toBe(all.length);
    const lastPage = Math.ceil(all.length / 50);
    const last = (await list('orderHistory', `page=${lastPage}&limit=50`)).json();
    expect(last.data.map((r: { order_id: number }) => r.order_id)).toEqual(all.slice((lastPage - 1) * 50));
    const past = (await list('orderHistory', `page=${lastPage + 1}&limit=50`)).json();
    expect(past).toMatchObject({ status: 1, data: [], totalRecords: all.length });
  });

  it("answers the row fields of the spec, the assignee's name and the process month", async () => {
    const id = await insertOrder(t.database.db, {
      givenName: 'AIKO',
      surname: 'BRANDT',
      processingMode: 'future',
      processingDate: isoDay(60),
      assignedToId: team.member.id,
      dateOfArrivalInJapan: 4,
      monthOfArrivalInJapan: 7,
      yearOfArrivalInJapan: 2031,
    });
    const res = (await list('futureOrder', 'limit=5000')).json();
    const row = res.data.find((r: { order_id: number }) => r.order_id === id);
    const month = new Date(`${isoDay(60)}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    expect(row).toMatchObject({
      order_id: id,
      process_status: 'New',
      processing_mode: 'future',
      given_name: 'AIKO',
      surname: 'BRANDT',
      processing_date: isoDay(60),
      process_month: month,
      assigned_to_id: team.member.id,
      assign_to: 'Tess Team',
      date_of_arrival_in_japan: 4,
      month_of_arrival_in_japan: 7,
      year_of_arrival_in_japan: 2031,
      refund_date: null,
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The month's table and its tile agree with the predicate.
    const monthNo = Number(isoDay(60).slice(5, 7));
    const expected = await expectedIds(
      'futureOrder',
      team.member.id,
      sql`extract(month from o.processing_date) = ${monthNo}`,
    );
    const monthPage = (await list('futureOrder', `limit=5000&processMonth=${month}`)).json();
    expect(monthPage.data.map((r: { order_id: number }) => r.order_id)).toEqual(expected);
    expect(monthPage.totalRecords).toBe(expected.length);
    const tiles = (await t.app.inject({ url: '/api/admin/get-future-order-count', headers: team.headers })).json();
    expect(tiles.data[month]).toBe(expected.length);
    expect(Object.keys(tiles.data)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it("decides which future orders are due by the server's UTC date, for a list and its total alike", async () => {
    // Due yesterday by the database's clock, but the server's clock reads two days earlier: still a future order.
    // (PGlite's now() follows the faked clock too, so only the PostgreSQL run can tell the two clocks apart.)
    const id = await insertOrder(t.database.db, {
      processStatus: 'New',
      processingMode: 'future',
      processingDate: isoDay(-1),
    });
    const ids = (body: { data: { order_id: number }[] }) => body.data.map((r) => r.order_id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2 * 86_400_000 });
    try {
      const newOrders = (await list('newOrder', 'page=1&limit=5000')).json();
      const future = (await list('futureOrder', 'page=1&limit=5000')).json();
      expect(ids(newOrders)).not.toContain(id);
      expect(ids(future)).toContain(id);
      expect(newOrders.totalRecords).toBe(newOrders.data.length);
      expect(future.totalRecords).toBe(future.data.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses Order History to a Telecaller (403), bad paging (400) and no token (401)', async () => {
    expect((await list('orderHistory', '', telecaller.headers)).statusCode).toBe(403);
    expect((await search({ folderName: 'orderHistory', searchVal: 'a' }, telecaller.headers)).statusCode).toBe(403);
    expect((await list('newOrder', '', telecaller.headers)).statusCode).toBe(200);
    const tooBig = await list('newOrder', 'limit=5001');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toHaveProperty('limit');
    expect((await list('nope', '')).statusCode).toBe(400);
    // Each in range, together past what an OFFSET takes: a 400, not a 500.
    const lastPage = await list('orderHistory', 'page=9007199254740991&limit=5000');
    expect(lastPage.statusCode).toBe(400);
    expect(lastPage.json()).toMatchObject({
      status: 0,
      message: 'page is at most 1000000.',
      errors: { page: 'page is at most 1000000.' },
    });
    for (const paging of ['page=-1', 'page=0', 'page=1.5', 'page=abc', 'limit=-5', 'limit=99999999999999999999']) {
      expect((await list('orderHistory', paging)).statusCode, paging).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/admin/get-orders-list/newOrder' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/search-order', () => {
  let target: number;
  beforeAll(async () => {
    target = await insertOrder(t.database.db, {
      givenName: 'ZELDA',
      surname: 'QUIXOTE-LEE',
      email: 'Zq.Unique@Inbox.example',
      personalPhoneCode: '81',
      personalTelephoneNumber: '9012345678',
    });
    await insertOrder(t.database.db, {
      givenName: 'ZELDA',
      surname: 'QUIXOTE-LEE',
      email: 'zq.pending@inbox.example',
      processStatus: 'Pending',
    });
  });
  const ids = (res: { json(): { data: { order_id: number }[] } }) => res.json().data.map((r) => r.order_id);

  it('finds by name, e-mail and telephone, case-insensitive, within the folder only', async () => {
    for (const searchVal of ['zelda quix', 'ZQ.UNIQUE', 'quixote', '9012345', '+81 9012', '+819012']) {
      const res = await search({ start: 0, end: 10, searchVal, folderName: 'newOrder' });
      expect(res.statusCode, searchVal).toBe(200);
      expect(ids(res), searchVal).toEqual([target]);
      expect(res.json().totalRecords, searchVal).toBe(1);
    }
    // The Pending twin is found only in its own folder.
    const pending = await search({ start: 0, end: 10, searchVal: 'zelda', folderName: 'pendingOrder' });
    expect(pending.json().data).toHaveLength(1);
    expect(pending.json().data[0].email).toBe('zq.pending@inbox.example');
    // Like wildcards are plain characters.
    expect((await search({ start: 0, end: 10, searchVal: 'zel%a', folderName: 'newOrder' })).json().totalRecords).toBe(
      0,
    );
  });

  it('lists matches newest first to the microsecond, even two of the same millisecond', async () => {
    // The newer of the two has the smaller id, so ordering by the millisecond and then the id would swap them.
    const at = new Date('2026-03-01T10:00:00.123Z');
    const smallerId = await insertOrder(t.database.db, { surname: 'MICROTWIN', createdAt: at });
    const largerId = await insertOrder(t.database.db, { surname: 'MICROTWIN', createdAt: at });
    await t.database.db.execute(sql`update orders set created_at = created_at
      + case when order_id = ${smallerId} then interval '600 microseconds' else interval '100 microseconds' end
      where order_id in (${smallerId}, ${largerId})`);
    const res = await search({ start: 0, end: 10, searchVal: 'microtwin', folderName: 'newOrder' });
    expect(ids(res)).toEqual([smallerId, largerId]);
  });

  it('finds by order id prefix and pages the matches with their total', async () => {
    const prefix = '1001'; // ids 100100..100199 among the seeded orders
    const expected = await expectedIds(
      'orderHistory',
      team.member.id,
      sql`(o.order_id::text like ${`${prefix}%`}
      or order_search_text(o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number) like ${`%${prefix}%`})`,
    );
    expect(expected.length).toBeGreaterThan(12);
    const page = await search({ start: 5, end: 12, searchVal: prefix, folderName: 'orderHistory' });
    expect(ids(page)).toEqual(expected.slice(5, 12));
    expect(page.json()).toMatchObject({ totalRecords: expected.length, totalCapped: false });
    const exact = await search({ start: 0, end: 10, searchVal: String(target), folderName: 'orderHistory' });
    expect(ids(exact)).toEqual([target]);
    // A prefix ending in 9: "10019" <= id < "1001:" in byte order.
    const nines = await expectedIds(
      'orderHistory',
      team.member.id,
      sql`(o.order_id::text like '10019%'
      or order_search_text(o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number) like '%10019%')`,
    );
    expect(nines.length).toBeGreaterThanOrEqual(10);
    expect(ids(await search({ start: 0, end: 50, searchVal: '10019', folderName: 'orderHistory' }))).toEqual(nines);
  });

  it('finds digits in a telephone or an e-mail through their four-digit windows, and only where the whole term is', async () => {
    // Holds the windows of "10019" ("1001" in the e-mail, "0019" in the telephone) but not "10019" itself.
    const decoy = await insertOrder(t.database.db, {
      email: 'decoy1001@inbox.example',
      personalPhoneCode: '44',
      personalTelephoneNumber: '70019000',
    });
    const inEmail = await insertOrder(t.database.db, {
      email: 'found.10019@inbox.example',
      personalPhoneCode: '44',
      personalTelephoneNumber: '55555555',
    });
    const inPhone = await insertOrder(t.database.db, {
      personalPhoneCode: '1',
      personalTelephoneNumber: '2100190000',
      processStatus: 'Pending',
    });
    const contains = (term: string) =>
      sql`o.order_id::text like ${`${term}%`} or order_search_text(o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number) like ${`%${term}%`}`;
    const expected = await expectedIds('orderHistory', team.member.id, contains('10019'));
    expect(expected).toEqual(expect.arrayContaining([inEmail, inPhone]));
    expect(expected).not.toContain(decoy);
    const res = await search({ start: 0, end: 100, searchVal: '10019', folderName: 'orderHistory' });
    expect(ids(res)).toEqual(expected);
    expect(res.json().totalRecords).toBe(expected.length);
    // The telephone as staff see it, "+code number", and in Pending only the Pending order.
    expect(ids(await search({ start: 0, end: 10, searchVal: '+44 70019', folderName: 'orderHistory' }))).toEqual([
      decoy,
    ]);
    expect(ids(await search({ start: 0, end: 10, searchVal: '+12100190', folderName: 'pendingOrder' }))).toEqual([
      inPhone,
    ]);
  });

  it('pages short and common terms the same way (folder walk and match-first paths agree with the predicate)', async () => {
    const contains = (term: string) =>
      sql`order_search_text(o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number) like ${`%${term}%`}`;
    for (const [term, folder] of [
      ['qu', 'newOrder'],
      ['a', 'orderHistory'],
      ['.example', 'orderHistory'],
      ['mail', 'completedOrder'],
    ] as const) {
      const expected = await expectedIds(folder, team.member.id, contains(term));
      expect(expected.length, term).toBeGreaterThan(0);
      const res = await search({ start: 3, end: 23, searchVal: term.toUpperCase(), folderName: folder });
      expect(ids(res), term).toEqual(expected.slice(3, 23));
      expect(res.json().totalRecords, term).toBe(expected.length);
    }
  });

  it('searches each folder through the parts of the trigram index that hold its statuses, missing none of its orders', async () => {
    // ".example" is in every seeded e-mail, so each folder's matches are all of its orders in every status it shows.
    const contains = sql`strpos(o.search_text, '.example') > 0`;
    for (const folder of FOLDERS) {
      const expected = await expectedIds(folder, team.member.id, contains);
      expect(expected.length, folder).toBeGreaterThan(0);
      const res = await search({ start: 0, end: 1000, searchVal: '.EXAMPLE', folderName: folder });
      expect(ids(res), folder).toEqual(expected);
      expect(res.json().totalRecords, folder).toBe(expected.length);
    }
    // My Orders spans two parts (New and the other open statuses), Order History all three: both must be seen.
    const statuses = async (folder: Folder) =>
      new Set(
        (
          await selectRows<{ process_status: string }>(
            t.database.db,
            sql`
      select distinct o.process_status from orders o where ${folderPredicate(folder, team.member.id)}`,
          )
        ).map((r) => r.process_status),
      );
    expect([...(await statuses('myOrder'))]).toEqual(expect.arrayContaining(['New', 'Pending']));
    expect([...(await statuses('orderHistory'))]).toEqual(expect.arrayContaining(['New', 'Pending', 'Completed']));
  });

  it('puts every status and mode in exactly one part of the trigram index, as the indexes themselves do', async () => {
    const kinds = sql`unnest(${`{${PROCESS_STATUSES.map((s) => `"${s}"`).join(',')}}`}::text[]) as s(process_status)
      cross join unnest(${`{${PROCESSING_MODES.join(',')}}`}::text[]) as m(processing_mode)`;
    const kindsAs = sql`(select s.process_status, m.processing_mode from ${kinds}) o`;
    const parts = Object.values(SEARCH_PARTS);
    const [row] = await selectRows<{ misplaced: string[] | null }>(
      t.database.db,
      sql`
      select array_agg(o.process_status || ' ' || o.processing_mode) filter (where
        ${sql.join(
          parts.map((part) => sql`(${part})::int`),
          sql` + `,
        )} <> 1) as misplaced
      from ${kindsAs}`,
    );
    expect(row!.misplaced).toBeNull();
    // Each part's partial index (migrations 0016, 0017) selects the same statuses and modes as SEARCH_PARTS says.
    for (const [part, predicate] of Object.entries(SEARCH_PARTS)) {
      const [index] = await selectRows<{ predicate: string }>(
        t.database.db,
        sql`
        select pg_get_expr(i.indpred, i.indrelid) as predicate from pg_index i
        where i.indexrelid = ${searchPartIndex(part as SearchPart)}::regclass`,
      );
      const disagree = await selectRows<{ process_status: string }>(
        t.database.db,
        sql`
        select o.process_status, o.processing_mode from ${kindsAs} where (${sql.raw(index!.predicate)}) is distinct from (${predicate})`,
      );
      expect(disagree, part).toEqual([]);
    }
    // New Orders asks the future part for its due orders only: the index must hold the date as a key to do that.
    const [future] = await selectRows<{ definition: string }>(
      t.database.db,
      sql`
      select pg_get_indexdef(${searchPartIndex('future')}::regclass) as definition`,
    );
    expect(future!.definition).toMatch(/USING gin \(search_text gin_trgm_ops, processing_date\)/);
  });

  it("finds due future orders in New Orders and waiting ones only in Future Order, through the future part's date key", async () => {
    const due = await insertOrder(t.database.db, {
      surname: 'QWDUE',
      processingMode: 'future',
      processingDate: isoDay(0),
    });
    const overdue = await insertOrder(t.database.db, {
      surname: 'QWDUE',
      processingMode: 'future',
      processingDate: isoDay(-3),
    });
    const waiting = await insertOrder(t.database.db, {
      surname: 'QWDUE',
      processingMode: 'future',
      processingDate: isoDay(1),
    });
    const standard = await insertOrder(t.database.db, { surname: 'QWDUE' });
    const found = async (folderName: Folder) =>
      ids(await search({ start: 0, end: 10, searchVal: 'qwdue', folderName }));
    expect((await found('newOrder')).sort()).toEqual([due, overdue, standard].sort());
    expect(await found('futureOrder')).toEqual([waiting]);
    expect((await found('orderHistory')).sort()).toEqual([due, overdue, waiting, standard].sort());
  });

  it("asks the index for a rare piece of a long term and still answers only the whole term's matches", async () => {
    const stats = await renewTrigramStats(t.database.db);
    expect(stats.sampleRows).toBeGreaterThan(300); // a small table is sampled whole
    const term = 'zq.unique@inbox.example';
    const pieces = cheapestPieces(term, stats);
    expect(pieces).not.toBeNull(); // "inbox" and "example" are in most seeded orders; "uniq" in none
    // A decoy that holds every piece but not the term: only strpos on the whole term keeps it out.
    const decoy = await insertOrder(t.database.db, {
      givenName: 'Decoy',
      surname: `X${pieces!.join('x')}`,
      email: `decoy.${pieces!.join('.')}@inbox.example`,
    });
    for (const piece of pieces!) {
      expect(
        (await search({ start: 0, end: 10, searchVal: piece, folderName: 'newOrder' }))
          .json()
          .data.map((r: { order_id: number }) => r.order_id),
      ).toContain(decoy);
    }
    const res = await search({ start: 0, end: 10, searchVal: 'ZQ.Unique@INBOX.example', folderName: 'newOrder' });
    expect(ids(res)).toEqual([target]);
    expect(res.json().totalRecords).toBe(1);
  });

  it('with an empty search answers the folder page like the list', async () => {
    const res = await search({ start: 0, end: 10, searchVal: '  ', folderName: 'priorityOrder' });
    expect(ids(res)).toEqual((await expectedIds('priorityOrder', team.member.id)).slice(0, 10));
    const bad = await search({ start: 10, end: 5, searchVal: '', folderName: 'priorityOrder' });
    expect(bad.statusCode).toBe(400);
  });
});
