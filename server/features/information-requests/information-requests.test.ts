/**
 * The request for information through the API (product: information-requests.md#loop): staff ask for passport
 * expiry and flight number; the mail's link opens only those answers of that order (another order's link only its
 * own); a value intake refuses is refused with intake's message and changes nothing; a valid answer becomes a change
 * set and the order returns to its queue marked "Customer replied"; a second answer is refused; accept writes the
 * answers on the order, decline opens a new request; the token is in no log line; an erasure blanks the change set;
 * the monthly report and the open-requests metric count them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { selectRows } from '../../db/client';
import { withTravelOpened } from '../../db/sealed-travel';
import { eraseOrders } from '../erasure';
import { ANSWER_LIMITS } from './answer.service';
import { CUSTOMER_TEXTS, REQUEST_TEXTS } from '../../../shared/schemas/information-request-texts';
import type { InformationRequest, PublicRequest } from '../../../shared/schemas/information-requests';
import { mailedAnswerToken } from '../../test/answer-link';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const ask = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/information-requests', headers, payload });
const open = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/front/information-request', payload: { token } });
const answer = (token: string, answers: Record<string, string | number | null>) =>
  t.app.inject({ method: 'POST', url: '/api/front/information-request/answer', payload: { token, answers } });

/** The order's answers as stored: its sealed ones opened (server/db/sealed-travel.ts). */
const storedAnswers = async (orderId: number) =>
  withTravelOpened(
    t.app.keyRing,
    (await selectRows(t.database.db, sql`select * from orders where order_id = ${orderId}`))[0] as Record<
      string,
      unknown
    >,
  );

const orderRow = async (orderId: number) => {
  const { process_status, flight_number, year_of_expiry, date_of_expiry } = await storedAnswers(orderId);
  return { process_status, flight_number, year_of_expiry, date_of_expiry } as {
    process_status: string;
    flight_number: string;
    year_of_expiry: number;
    date_of_expiry: number;
  };
};

const mailedToken = (orderId: number) => mailedAnswerToken(t.database.db, orderId);

const logOf = async (orderId: number) =>
  (await selectRows(
    t.database.db,
    sql`select step_name, detail from process_logs where order_id = ${orderId} order by id`,
  )) as { step_name: string; detail: string | null }[];

describe('asking the customer', () => {
  it('asks for passport expiry and flight number: Awaiting Response, a log line naming the answers, a mail with a link', async () => {
    const { headers } = await t.loginAs('Team', { name: 'Tia Team' });
    const orderId = await insertOrder(t.database.db, { flightNumber: 'QF25' });
    const res = await ask(headers, {
      orderId,
      fields: ['passport_expiry', 'flight_number'],
      note: 'Your flight number looks wrong.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const request = (res.json() as { data: InformationRequest; message: string }).data;
    expect(res.json()).toMatchObject({ status: 1, message: REQUEST_TEXTS.sent });
    expect(request).toMatchObject({ state: 'open', from_status: 'New', requested_by: 'Tia Team' });
    expect((await orderRow(orderId)).process_status).toBe('Awaiting');
    const log = await logOf(orderId);
    expect(log).toContainEqual({
      step_name: 'Customer asked for information',
      detail: 'Asked: Passport expiry date, Flight number',
    });
    expect(log.map((l) => l.detail ?? '').join('\n')).not.toContain('QF25');
    const token = await mailedToken(orderId);
    expect(token.length).toBeGreaterThanOrEqual(40);

    // Only a hash of the token is stored.
    const stored = await selectRows(t.database.db, sql`select token_hash from information_request_links`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // One open request per order.
    const again = await ask(headers, { orderId, fields: ['flight_number'], note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REQUEST_TEXTS.alreadyOpen);
  });

  it('refuses an empty choice, an unknown answer and a closed order, and changes nothing', async () => {
    const { headers } = await t.loginAs('Telecaller');
    const orderId = await insertOrder(t.database.db);
    const none = await ask(headers, { orderId, fields: [], note: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.fields).toBe(REQUEST_TEXTS.pickOne);
    const unknown = await ask(headers, { orderId, fields: ['favourite_colour'], note: 'x' });
    expect(unknown.statusCode).toBe(400);
    const noNote = await ask(headers, { orderId, fields: ['flight_number'], note: '  ' });
    expect(noNote.json().errors.note).toBe(REQUEST_TEXTS.noteRequired);
    const completed = await insertOrder(t.database.db, { processStatus: 'Completed' });
    const closed = await ask(headers, { orderId: completed, fields: ['flight_number'], note: 'x' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(REQUEST_TEXTS.notAskable);
    expect((await orderRow(orderId)).process_status).toBe('New');
    const [count] = (await selectRows(
      t.database.db,
      sql`select count(*)::int as n from information_requests where order_id in (${orderId}, ${completed})`,
    )) as { n: number }[];
    expect(count!.n).toBe(0);
  });
});

describe("the customer's answer", () => {
  let orderId: number;
  let otherOrderId: number;
  let token: string;
  let otherToken: string;
  let staff: Headers;

  beforeAll(async () => {
    staff = (await t.loginAs('Team')).headers;
    orderId = await insertOrder(t.database.db, { flightNumber: 'QF25', processStatus: 'Pending' });
    otherOrderId = await insertOrder(t.database.db, { flightNumber: 'NH9', passportNumber: 'OTHER12345' });
    expect(
      (await ask(staff, { orderId, fields: ['passport_expiry', 'flight_number'], note: 'Please check these.' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ask(staff, { orderId: otherOrderId, fields: ['passport_number'], note: 'Passport?' })).statusCode,
    ).toBe(200);
    token = await mailedToken(orderId);
    otherToken = await mailedToken(otherOrderId);
  });

  it("reads only the asked answers of the link's order, pre-filled, with the note", async () => {
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const page = (res.json() as { data: PublicRequest }).data;
    expect(page.order_id).toBe(orderId);
    expect(page.note).toBe('Please check these.');
    expect(page.fields.map((f) => f.key)).toEqual(['passport_expiry', 'flight_number']);
    const values = Object.fromEntries(page.fields.flatMap((f) => f.columns.map((c) => [c.name, c.value])));
    const row = await orderRow(orderId);
    expect(values).toEqual({
      date_of_expiry: row.date_of_expiry,
      month_of_expiry: 9,
      year_of_expiry: row.year_of_expiry,
      flight_number: 'QF25',
    });
    expect(res.body).not.toContain('TK1234567'); // the passport number was not asked

    // Another order's link opens that order only.
    const other = (await open(otherToken)).json() as { data: PublicRequest };
    expect(other.data.order_id).toBe(otherOrderId);
    expect(JSON.stringify(other.data)).not.toContain('QF25');
    expect(other.data.fields.map((f) => f.key)).toEqual(['passport_number']);

    // A token no link has opens nothing.
    const forged = await open('A'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(CUSTOMER_TEXTS.linkInvalid);
  });

  it("refuses a value intake refuses, with intake's message, and changes nothing", async () => {
    const res = await answer(token, {
      date_of_expiry: 20,
      month_of_expiry: 9,
      year_of_expiry: 2040,
      flight_number: 'not a flight',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ flight_number: 'Flight number must look like JL123.' });
    const badDay = await answer(token, {
      date_of_expiry: 31,
      month_of_expiry: 2,
      year_of_expiry: 2040,
      flight_number: 'JL123',
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().errors).toEqual({ date_of_expiry: 'Date of expiry is not a valid date.' });
    expect((await orderRow(orderId)).process_status).toBe('Awaiting');
    const changes = await selectRows(
      t.database.db,
      sql`select 1 from information_request_changes where order_id = ${orderId}`,
    );
    expect(changes).toHaveLength(0);
  });

  it('keeps a valid answer as a change set, returns the order to its queue marked "Customer replied", and takes it once', async () => {
    const before = await orderRow(orderId);
    const res = await answer(token, {
      date_of_expiry: 1,
      month_of_expiry: 12,
      year_of_expiry: '2040',
      flight_number: 'jl 123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CUSTOMER_TEXTS.submitted);
    const row = await orderRow(orderId);
    expect(row.process_status).toBe('Pending');
    expect(row.flight_number).toBe('QF25'); // not on the order until a member accepts

    const replied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/information-requests/replied',
      headers: staff,
    });
    expect(replied.json().data.orderIds).toContain(orderId);
    expect(replied.json().data.orderIds).not.toContain(otherOrderId);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/order-information-requests/${orderId}`,
      headers: staff,
    });
    const [request] = (list.json() as { data: InformationRequest[] }).data;
    expect(request!.state).toBe('answered');
    expect(request!.changes).toEqual([
      {
        field: 'date_of_expiry',
        label: 'Passport expiry date: Day',
        old_value: before.date_of_expiry,
        new_value: 1,
        edited_after_reply: false,
      },
      {
        field: 'month_of_expiry',
        label: 'Passport expiry date: Month',
        old_value: 9,
        new_value: 12,
        edited_after_reply: false,
      },
      {
        field: 'year_of_expiry',
        label: 'Passport expiry date: Year',
        old_value: before.year_of_expiry,
        new_value: 2040,
        edited_after_reply: false,
      },
      {
        field: 'flight_number',
        label: 'Flight number',
        old_value: 'QF25',
        new_value: 'JL123',
        edited_after_reply: false,
      },
    ]);
    const log = await logOf(orderId);
    expect(log).toContainEqual({
      step_name: 'Customer replied',
      detail: 'Answered: Passport expiry date, Flight number',
    });
    expect(log).toContainEqual({ step_name: 'Status changed to Pending', detail: 'Awaiting -> Pending' });
    // The reply's line is the newest: an open order page names the change by it, so by the customer.
    expect(log.slice(-2).map((l) => l.step_name)).toEqual(['Status changed to Pending', 'Customer replied']);

    const twice = await answer(token, {
      date_of_expiry: 2,
      month_of_expiry: 12,
      year_of_expiry: 2041,
      flight_number: 'JL999',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CUSTOMER_TEXTS.alreadyAnswered);
    expect((await open(token)).statusCode).toBe(409);
  });

  it('accept writes the answers on the order, with a log line', async () => {
    const [request] = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/order-information-requests/${orderId}`,
          headers: staff,
        })
      ).json() as { data: InformationRequest[] }
    ).data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${request!.id}/accept`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('accepted');
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ flight_number: 'JL123', year_of_expiry: 2040, date_of_expiry: 1 });
    expect(await logOf(orderId)).toContainEqual({
      step_name: "Customer's answers accepted",
      detail: 'Order updated: Passport expiry date, Flight number',
    });
    const replied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/information-requests/replied',
      headers: staff,
    });
    expect(replied.json().data.orderIds).not.toContain(orderId);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${request!.id}/accept`,
      headers: staff,
    });
    expect(again.statusCode).toBe(409);
  });

  it('decline keeps the order as it is and opens a new request with the note, mailed with a new link', async () => {
    expect((await answer(otherToken, { passport_number: 'ab 12' })).json().errors).toEqual({
      passport_number: 'Passport number must be 5-20 letters and digits.',
    });
    expect((await answer(otherToken, { passport_number: 'xy987654' })).statusCode).toBe(200);
    const [request] = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/order-information-requests/${otherOrderId}`,
          headers: staff,
        })
      ).json() as { data: InformationRequest[] }
    ).data;
    expect(request!.changes).toEqual([
      {
        field: 'passport_number',
        label: 'Passport number',
        old_value: 'OTHER12345',
        new_value: 'XY987654',
        edited_after_reply: false,
      },
    ]);
    const noNote = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${request!.id}/decline`,
      headers: staff,
      payload: { note: '' },
    });
    expect(noNote.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${request!.id}/decline`,
      headers: staff,
      payload: { note: 'That is not the number in the passport photo.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'open',
      note: 'That is not the number in the passport photo.',
      fields: ['passport_number'],
    });
    expect(await orderRow(otherOrderId)).toMatchObject({ process_status: 'Awaiting' });
    expect((await storedAnswers(otherOrderId)).passport_number).toBe('OTHER12345');
    const newToken = await mailedToken(otherOrderId);
    expect(newToken).not.toBe(otherToken);
    expect((await open(newToken)).json().data.note).toBe('That is not the number in the passport photo.');
    expect((await open(otherToken)).json().message).toBe(CUSTOMER_TEXTS.alreadyAnswered);
  });

  it('never writes a link token in a log line', () => {
    const all = logLines.join('\n');
    expect(all).toContain('/api/front/information-request');
    expect(all).not.toContain(token);
    expect(all).not.toContain(otherToken);
  });
});

describe('an answer changed on the order after the reply', () => {
  it('is not overwritten by Accept: 409 naming the answers (labels, no values), nothing changes, and the review marks it', async () => {
    const { headers } = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db, { flightNumber: 'QF25' });
    const requestsOf = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/admin/order-information-requests/${orderId}`, headers })
        ).json() as { data: InformationRequest[] }
      ).data;
    const accept = (requestId: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/information-requests/${requestId}/accept`, headers });

    // The first reply corrects the passport expiry, the flight and the hotel...
    await ask(headers, { orderId, fields: ['passport_expiry', 'flight_number', 'hotel_name'], note: 'Please check.' });
    const first = await answer(await mailedToken(orderId), {
      date_of_expiry: 1,
      month_of_expiry: 12,
      year_of_expiry: 2040,
      flight_number: 'JL123',
      hotel_name: 'Hotel First',
    });
    expect(first.statusCode, first.body).toBe(200);
    const [firstRequest] = await requestsOf();
    // ...then a second request about the expiry and the flight is answered and accepted: the order changed since.
    await ask(headers, { orderId, fields: ['passport_expiry', 'flight_number'], note: 'Once more.' });
    const second = await answer(await mailedToken(orderId), {
      date_of_expiry: 2,
      month_of_expiry: 11,
      year_of_expiry: 2041,
      flight_number: 'NH110',
    });
    expect(second.statusCode, second.body).toBe(200);
    const [secondRequest] = await requestsOf();
    expect((await accept(secondRequest!.id)).statusCode).toBe(200);
    const before = await orderRow(orderId);
    const logBefore = await logOf(orderId);

    const refused = await accept(firstRequest!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REQUEST_TEXTS.editedAfterReply(['Passport expiry date', 'Flight number']));
    for (const value of ['JL123', 'NH110', 'QF25', '2040', '2041', 'Hotel First'])
      expect(refused.body).not.toContain(value);
    expect(await orderRow(orderId)).toEqual(before);
    expect(await logOf(orderId)).toEqual(logBefore);
    expect((await storedAnswers(orderId)).hotel_name).not.toBe('Hotel First');

    // The review shows which answers; the reply still waits, and Decline asks the customer again.
    const review = (await requestsOf()).find((r) => r.id === firstRequest!.id)!;
    expect(review.state).toBe('answered');
    expect(review.changes.filter((c) => c.edited_after_reply).map((c) => c.field)).toEqual([
      'date_of_expiry',
      'month_of_expiry',
      'year_of_expiry',
      'flight_number',
    ]);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${firstRequest!.id}/decline`,
      headers,
      payload: { note: 'Your answers crossed with another change: please check them again.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({
      state: 'open',
      fields: ['passport_expiry', 'flight_number', 'hotel_name'],
    });
  });

  it('takes an answer the order already holds as the customer sent it', async () => {
    const { headers } = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db, { flightNumber: 'QF25' });
    await ask(headers, { orderId, fields: ['flight_number'], note: 'Flight?' });
    expect((await answer(await mailedToken(orderId), { flight_number: 'NH110' })).statusCode).toBe(200);
    const [firstRequest] = (
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/order-information-requests/${orderId}`, headers })
      ).json() as { data: InformationRequest[] }
    ).data;
    await ask(headers, { orderId, fields: ['flight_number'], note: 'Flight again?' });
    expect((await answer(await mailedToken(orderId), { flight_number: 'NH110' })).statusCode).toBe(200);
    const list = (
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/order-information-requests/${orderId}`, headers })
      ).json() as { data: InformationRequest[] }
    ).data;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${list[0]!.id}/accept`,
      headers,
    });
    expect(accepted.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/information-requests/${firstRequest!.id}/accept`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(orderId)).flight_number).toBe('NH110');
  });
});

describe('erasure', () => {
  it("blanks the change set's values with the travel answers, and the link then opens nothing", async () => {
    const { headers } = await t.loginAs('Manager');
    const orderId = await insertOrder(t.database.db, { flightNumber: 'BA7' });
    await ask(headers, { orderId, fields: ['flight_number'], note: 'Flight?' });
    const token = await mailedToken(orderId);
    expect((await answer(token, { flight_number: 'BA8' })).statusCode).toBe(200);
    await ask(headers, { orderId, fields: ['hotel_name'], note: 'Hotel?' });
    const second = await mailedToken(orderId);
    await t.database.db.transaction((tx) =>
      eraseOrders(tx, [orderId], 'travel', { step: 'travelErased', staff: null, rule: 'test' }),
    );
    const changes = await selectRows(
      t.database.db,
      sql`select old_value, new_value from information_request_changes where order_id = ${orderId}`,
    );
    expect(changes).toEqual([{ old_value: null, new_value: null }]);
    const res = await open(second);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CUSTOMER_TEXTS.closed);
  });
});

describe('rate limits', () => {
  it('refuses a link read more than 20 times in 15 minutes with 429, and answers nothing about it', async () => {
    const { headers } = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db, { flightNumber: 'LH716' });
    await ask(headers, { orderId, fields: ['flight_number'], note: 'Flight?' });
    const token = await mailedToken(orderId);
    for (let i = 0; i < ANSWER_LIMITS.link.limit; i++) expect((await open(token)).statusCode).toBe(200);
    const refused = await open(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(refused.body).not.toContain('LH716');
    expect((await answer(token, { flight_number: 'LH717' })).statusCode).toBe(429);
  });
});

describe('counted', () => {
  it('the monthly report counts requests sent, answered, hours to answer and orders; Admin and Manager only', async () => {
    const manager = await t.loginAs('Manager');
    const team = await t.loginAs('Team');
    const report = (headers: Headers) =>
      t.app.inject({ method: 'POST', url: '/api/admin/get-information-request-report', headers, payload: {} });
    expect((await report(team.headers)).statusCode).toBe(403);
    const [figures] = (await selectRows(
      t.database.db,
      sql`select count(*)::int as sent, count(answered_at)::int as answered, count(distinct order_id)::int as orders
      from information_requests`,
    )) as { sent: number; answered: number; orders: number }[];
    const res = await report(manager.headers);
    expect(res.statusCode, res.body).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const [row] = res.json().data as { month: string; sent: number; answered: number; orders: number }[];
    expect(row).toMatchObject({ month, ...figures });
    expect(row!.sent).toBeGreaterThan(row!.orders); // a decline's new request counts as sent
    expect(res.json().data[0].median_hours_to_answer).toBeGreaterThanOrEqual(0);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/get-information-request-report',
      headers: manager.headers,
      payload: { fromDate: '2001-01-01', toDate: '2001-12-31' },
    });
    expect(empty.json().data).toEqual([]);
  });

  it('the metric counts the requests waiting for the customer', async () => {
    const [open] = (await selectRows(
      t.database.db,
      sql`select count(*)::int as n from information_requests where state = 'open'`,
    )) as { n: number }[];
    expect(open!.n).toBeGreaterThan(0);
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.body).toMatch(new RegExp(`^arrival_information_requests_open ${open!.n}$`, 'm'));
  });
});
