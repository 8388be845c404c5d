import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { downloadHistory, mails, orders, processLogs, remarks, uploadDocs } from '../../db/schema';
import { encodeId } from '../../../shared/ids';
import { NO_DOCUMENT_YET_NOTE } from '../mail/templates';

let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await t.loginAs('Team', { name: 'Tess Team' });
});
afterAll(async () => {
  await t.close();
});

const getDetail = (ref: string | number, headers = team.headers) =>
  t.app.inject({ url: `/api/admin/get-orders-details/${ref}`, headers });
const post = (url: string, payload: object, headers = team.headers) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const logsOf = (orderId: number) =>
  t.database.db.select().from(processLogs).where(eq(processLogs.orderId, orderId)).orderBy(desc(processLogs.id));

/** Every order-detail field, by its column name (product: orders.md#order-detail). */
const SPEC_FIELDS = [
  'order_id',
  'processing_mode',
  'landing_site',
  'process_status',
  'transaction_id',
  'merchant_name',
  'has_japanese_passport',
  'has_reentry_permission',
  'passport_number',
  'surname',
  'given_name',
  'nationality',
  'date_of_dob',
  'month_of_dob',
  'year_of_dob',
  'date_of_expiry',
  'month_of_expiry',
  'year_of_expiry',
  'occupation',
  'home_address_country_name',
  'home_address_city_name',
  'email',
  'date_of_arrival_in_japan',
  'month_of_arrival_in_japan',
  'year_of_arrival_in_japan',
  'airline_company',
  'flight_number',
  'point_of_embarkation',
  'postal_code_japan',
  'prefecture',
  'other_prefecture',
  'city',
  'other_city',
  'address',
  'hotel_name',
  'personal_phone_code',
  'personal_telephone_number',
  'purpose_of_visit',
  'specific_purpose_for_visit',
  'duration_of_stay',
  'immigration_one',
  'immigration_two',
  'immigration_three',
  'immigration_four',
  'declaration_one',
  'declaration_two',
  'declaration_three',
  'declaration_four',
  'declaration_five',
  'declaration_six',
  'declaration_seven',
  'declaration_eight',
  'quantity_of_unaccompanied_articles',
  'alcoholic_beverages',
  'cigarettes',
  'heat_not_burn',
  'cigars',
  'others',
  'perfume',
  'article_name',
  'quantity',
  'unit',
  'market_value',
  'currency',
  'mailHistory',
  'uploadDoc',
  'downloadHistory',
  'remark',
];

describe('GET /api/admin/get-orders-details/{orderId}', () => {
  it('answers every field of the application with its exact value, by number and by encoded id', async () => {
    const id = await insertOrder(t.database.db, {
      processingMode: 'future',
      processingDate: '2031-05-01',
      transactionId: 'txn_abc123',
      merchantName: 'Arrival Services Ltd',
      dateOfArrivalInJapan: 4,
      monthOfArrivalInJapan: 5,
      yearOfArrivalInJapan: 2031,
      dateOfExpiry: 20,
      monthOfExpiry: 9,
      yearOfExpiry: 2035,
      prefecture: 'OTHER',
      otherPrefecture: 'NAGANO',
      city: 'OTHER',
      otherCity: 'HAKUBA-MURA',
      purposeOfVisit: 'Others',
      specificPurposeForVisit: 'Ski competition',
      declarationFour: 'yes',
      declarationEight: 'yes',
      quantityOfUnaccompaniedArticles: 3,
      alcoholicBeverages: 2,
      cigarettes: 200,
      heatNotBurn: 10,
      cigars: 5,
      others: 250,
      perfume: '2.50',
      articleName: 'Camera',
      quantity: 1,
      unit: 'pcs',
      marketValue: '1200.00',
      currency: 'USD',
    });
    const res = await getDetail(id);
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(1);
    for (const field of SPEC_FIELDS) expect(data, field).toHaveProperty(field);
    expect(data).toMatchObject({
      order_id: id,
      application_email: `${id}@arrivalcard-mail.example`,
      processing_mode: 'future',
      processing_date: '2031-05-01',
      landing_site: 'japan-arrival',
      landing_site_name: 'Japan Arrival Card Online',
      landing_site_support_email: 'support@japan-arrival.example',
      track_url: `http://localhost:3000/track-order/${encodeId(id)}`,
      process_status: 'New',
      transaction_id: 'txn_abc123',
      merchant_name: 'Arrival Services Ltd',
      assign_to: null,
      assigned_to_id: null,
      has_japanese_passport: 'no',
      has_reentry_permission: 'no',
      passport_number: 'TK1234567',
      surname: 'TANAKA-SMITH',
      given_name: 'EMILY',
      nationality: 'Australia',
      date_of_dob: 14,
      month_of_dob: 3,
      year_of_dob: 1988,
      date_of_expiry: 20,
      month_of_expiry: 9,
      year_of_expiry: 2035,
      occupation: 'Architect',
      home_address_country_name: 'Australia',
      home_address_city_name: 'Melbourne',
      email: 'emily.tanaka@mail.example',
      date_of_arrival_in_japan: 4,
      month_of_arrival_in_japan: 5,
      year_of_arrival_in_japan: 2031,
      airline_company: 'Qantas',
      flight_number: 'QF25',
      point_of_embarkation: 'Sydney',
      postal_code_japan: '1600023',
      prefecture: 'OTHER',
      other_prefecture: 'NAGANO',
      city: 'OTHER',
      other_city: 'HAKUBA-MURA',
      address: '3-7-1 Nishi-Shinjuku',
      hotel_name: 'Sakura Garden Hotel',
      personal_phone_code: '61',
      personal_telephone_number: '412345678',
      purpose_of_visit: 'Others',
      specific_purpose_for_visit: 'Ski competition',
      duration_of_stay: '14 days',
      immigration_one: 'no',
      immigration_two: 'no',
      immigration_three: 'no',
      immigration_four: 'no',
      declaration_one: 'no',
      declaration_four: 'yes',
      declaration_eight: 'yes',
      quantity_of_unaccompanied_articles: 3,
      alcoholic_beverages: 2,
      cigarettes: 200,
      heat_not_burn: 10,
      cigars: 5,
      others: 250,
      perfume: '2.50',
      article_name: 'Camera',
      quantity: 1,
      unit: 'pcs',
      market_value: '1200.00',
      currency: 'USD',
      mailHistory: [],
      uploadDoc: [],
      downloadHistory: [],
      remark: [],
      processLogs: [],
      warnings: [],
    });
    // The encoded id of the page's URL answers the same order.
    const encoded = await getDetail(encodeId(id));
    expect(encoded.json().data).toEqual(data);
  });

  it('carries the sent mails, documents, downloads, remarks and process-log timeline', async () => {
    const id = await insertOrder(t.database.db);
    const db = t.database.db;
    const [doc] = await db
      .insert(uploadDocs)
      .values({
        orderId: id,
        file1: `${id}_file1`,
        originalName: 'card.pdf',
        contentType: 'application/pdf',
        sizeBytes: 2048,
        storageKey: `docs/${id}_file1`,
        uploadedByName: 'Tess Team',
        createdAt: new Date('2025-03-01T10:00:00Z'),
      })
      .returning();
    const mail = {
      orderId: id,
      kind: 'approved',
      toAddress: 'emily.tanaka@mail.example',
      subject: 'Your card',
      html: '<p>x</p>',
      textBody: 'x',
    };
    await db.insert(mails).values([
      {
        ...mail,
        uploadDocId: doc!.id,
        mailServiceProvider: 'ses',
        status: 'sent',
        sentAt: new Date('2025-03-01T10:05:00Z'),
      },
      {
        ...mail,
        kind: 'resend',
        mailServiceProvider: 'smtp',
        status: 'sent',
        sentAt: new Date('2025-03-02T09:00:00Z'),
      },
      { ...mail, kind: 'resend', mailServiceProvider: 'smtp', status: 'queued' },
      { ...mail, kind: 'resend', mailServiceProvider: 'ses', status: 'failed' },
    ]);
    await db.insert(downloadHistory).values({
      orderId: id,
      uploadDocId: doc!.id,
      file1: `${id}_file1`,
      ip: '203.0.113.9',
      browser: 'Chrome',
      device: 'iPhone',
      deviceType: 'mobile',
      os: 'iOS',
      country: 'Australia',
      city: 'Melbourne',
      timezone: 'Australia/Melbourne',
      createdAt: new Date('2025-03-03T01:00:00Z'),
    });
    await db.insert(processLogs).values([
      { orderId: id, stepName: 'Order received', staffName: null, updateTime: new Date('2025-03-01T00:00:00Z') },
      {
        orderId: id,
        stepName: 'Assigned',
        staffId: team.member.id,
        staffName: 'Tess Team',
        updateTime: new Date('2025-03-01T08:00:00Z'),
      },
    ]);

    const { data } = (await getDetail(id)).json();
    // Only sent mails are history lines, newest first.
    expect(data.mailHistory).toEqual([
      expect.objectContaining({
        order_id: id,
        kind: 'resend',
        create_ts: '2025-03-02T09:00:00.000Z',
        mail_service_provider: 'smtp',
        uploadDoc: { id: null, file1: null, mail_service_provider: 'smtp' },
      }),
      expect.objectContaining({
        order_id: id,
        kind: 'approved',
        create_ts: '2025-03-01T10:05:00.000Z',
        to_address: 'emily.tanaka@mail.example',
        uploadDoc: { id: doc!.id, file1: `${id}_file1`, mail_service_provider: 'ses' },
      }),
    ]);
    expect(data.uploadDoc).toEqual([
      expect.objectContaining({
        file1: `${id}_file1`,
        original_name: 'card.pdf',
        is_current: true,
        create_ts: '2025-03-01T10:00:00.000Z',
      }),
    ]);
    expect(data.downloadHistory).toEqual([
      expect.objectContaining({
        ip: '203.0.113.9',
        browser: 'Chrome',
        os: 'iOS',
        create_ts: '2025-03-03T01:00:00.000Z',
        timezone: 'Australia/Melbourne',
      }),
    ]);
    // The timeline reads oldest first; N/A steps have no staff name.
    expect(
      data.processLogs.map((l: { step_name: string; staff_name: string | null }) => [l.step_name, l.staff_name]),
    ).toEqual([
      ['Order received', null],
      ['Assigned', 'Tess Team'],
    ]);
  });

  it('answers 404 with a clear message for an unknown or malformed id, and 401 without a session', async () => {
    for (const ref of ['999999999', encodeId(999999999), 'not-an-id!', 'MjAwMDAz']) {
      const res = await getDetail(ref);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: 'Order not found.' });
    }
    const id = await insertOrder(t.database.db);
    const anonymous = await t.app.inject({ url: `/api/admin/get-orders-details/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is open to every role, Telecaller and Night Staff included', async () => {
    const id = await insertOrder(t.database.db);
    for (const role of ['Telecaller', 'Night Staff'] as const) {
      const { headers } = await t.loginAs(role);
      expect((await getDetail(id, headers)).json()).toMatchObject({ status: 1, data: { order_id: id } });
    }
  });

  it('warns about answers that look wrong', async () => {
    const id = await insertOrder(t.database.db, {
      dateOfArrivalInJapan: 10,
      monthOfArrivalInJapan: 3,
      yearOfArrivalInJapan: 2024,
      dateOfExpiry: 1,
      monthOfExpiry: 3,
      yearOfExpiry: 2024,
      homeAddressCountryName: null,
      homeAddressCityName: null,
      postalCodeJapan: '16000',
    });
    const { data } = (await getDetail(id)).json();
    expect(data.warnings).toEqual([
      {
        code: 'passport-expires-before-arrival',
        message: 'The passport expires on 1 March 2024, before the arrival date (10 March 2024).',
      },
      { code: 'arrival-in-past', message: 'The arrival date (10 March 2024) is in the past.' },
      {
        code: 'residence-country-missing',
        message:
          'The country of residence is missing; it is required when the Japanese passport and re-entry permission answers are both no.',
      },
      { code: 'postal-code-not-7-digits', message: 'The postal code in Japan "16000" is not 7 digits.' },
    ]);
    // A Japanese passport holder needs no residence country.
    const japanese = await insertOrder(t.database.db, {
      hasJapanesePassport: 'yes',
      homeAddressCountryName: null,
      homeAddressCityName: null,
    });
    expect((await getDetail(japanese)).json().data.warnings).toEqual([]);
  });
});

describe('POST /api/admin/add-new-remark', () => {
  it('adds the remark with Y for ticked flags, the signed-in member as remarker, and a process-log line', async () => {
    const id = await insertOrder(t.database.db);
    const res = await post('/api/admin/add-new-remark', {
      orderId: String(id),
      remark: '  Called the customer about the hotel.  ',
      remarkerName: 'Someone Else',
      whatsapp: 'Y',
      telephone: 'Y',
      statusRefund: '',
      voided: 'N',
      chargeBack: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Remark added successfully.',
      data: {
        order_id: id,
        remark: 'Called the customer about the hotel.',
        remark_name: 'Tess Team',
        whatsapp: 'Y',
        telephone: 'Y',
        status_refund: 'N',
        voided: 'N',
        chargeback: 'N',
        report_error: 'N',
      },
    });
    const rows = await t.database.db.select().from(remarks).where(eq(remarks.orderId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        remark: 'Called the customer about the hotel.',
        remarkName: 'Tess Team',
        staffId: team.member.id,
        whatsapp: 'Y',
        telephone: 'Y',
        statusRefund: null,
        voided: null,
        chargeback: null,
        reportError: null,
      }),
    ]);
    const [log] = await logsOf(id);
    expect(log).toMatchObject({
      stepName: 'Remark added',
      staffId: team.member.id,
      staffName: 'Tess Team',
      detail: 'Flags: Whatsapp, Telephone',
    });
  });

  it('shows Comment History newest first with the date and time in US Eastern time', async () => {
    const id = await insertOrder(t.database.db);
    await t.database.db.insert(remarks).values([
      {
        orderId: id,
        remark: 'Winter remark',
        remarkName: 'Tess Team',
        chargeback: 'Y',
        createdAt: new Date('2025-01-15T03:00:00Z'),
      },
      {
        orderId: id,
        remark: 'Summer remark',
        remarkName: 'Tess Team',
        reportError: 'Y',
        createdAt: new Date('2025-07-04T16:05:09Z'),
      },
    ]);
    await post('/api/admin/add-new-remark', {
      orderId: id,
      remark: 'Newest remark',
      statusRefund: 'Y',
      voided: 'Y',
      chargeBack: 'Y',
    });
    const { data } = (await getDetail(id)).json();
    expect(data.remark.map((r: { remark: string }) => r.remark)).toEqual([
      'Newest remark',
      'Summer remark',
      'Winter remark',
    ]);
    expect(data.remark[0]).toMatchObject({
      whatsapp: 'N',
      telephone: 'N',
      status_refund: 'Y',
      voided: 'Y',
      chargeback: 'Y',
      report_error: 'N',
    });
    // July is daylight time (UTC-4), January standard time (UTC-5).
    expect(data.remark[1]).toMatchObject({
      us_date: '07/04/2025',
      us_time: '12:05:09 PM',
      report_error: 'Y',
      chargeback: 'N',
    });
    expect(data.remark[2]).toMatchObject({ us_date: '01/14/2025', us_time: '10:00:00 PM', chargeback: 'Y' });
    expect(data.processLogs.at(-1)).toMatchObject({
      step_name: 'Remark added',
      staff_name: 'Tess Team',
      detail: 'Flags: Refund, Voided, Chargeback',
    });
  });

  it('refuses an empty remark with the spec message and writes nothing', async () => {
    const id = await insertOrder(t.database.db);
    for (const payload of [{ orderId: id, remark: '' }, { orderId: id, remark: '   ' }, { orderId: id }]) {
      const res = await post('/api/admin/add-new-remark', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 0,
        message: 'Please enter your remark',
        errors: { remark: 'Please enter your remark' },
      });
    }
    expect(await t.database.db.select().from(remarks).where(eq(remarks.orderId, id))).toEqual([]);
    expect(await logsOf(id)).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await post('/api/admin/add-new-remark', { orderId: 999999999, remark: 'Hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found.');
  });
});

describe('POST /api/admin/update-transaction-details', () => {
  it('saves the transaction id and merchant name with a process-log line', async () => {
    const id = await insertOrder(t.database.db, { transactionId: null, merchantName: null });
    const res = await post('/api/admin/update-transaction-details', {
      orderId: id,
      transactionId: ' pi_3Nx77 ',
      merchantName: 'Travel Docs Online LLC',
    });
    expect(res.json()).toEqual({
      status: 1,
      message: 'Transaction details saved successfully.',
      data: { transaction_id: 'pi_3Nx77', merchant_name: 'Travel Docs Online LLC' },
    });
    const [row] = await t.database.db
      .select({ t: orders.transactionId, m: orders.merchantName })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row).toEqual({ t: 'pi_3Nx77', m: 'Travel Docs Online LLC' });
    const [log] = await logsOf(id);
    expect(log).toMatchObject({
      stepName: 'Transaction details updated',
      staffName: 'Tess Team',
      detail: 'Transaction Id pi_3Nx77, Merchant Name Travel Docs Online LLC',
    });
    expect((await getDetail(id)).json().data).toMatchObject({
      transaction_id: 'pi_3Nx77',
      merchant_name: 'Travel Docs Online LLC',
    });
  });

  it('refuses missing fields with the spec messages and changes nothing', async () => {
    const id = await insertOrder(t.database.db, { transactionId: 'txn_old', merchantName: 'Old Merchant' });
    const res = await post('/api/admin/update-transaction-details', {
      orderId: id,
      transactionId: '',
      merchantName: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      transactionId: 'Please enter your Transaction Id',
      merchantName: 'Please enter your Merchant Name',
    });
    const missing = await post('/api/admin/update-transaction-details', { orderId: id });
    expect(missing.json().errors).toEqual({
      transactionId: 'Please enter your Transaction Id',
      merchantName: 'Please enter your Merchant Name',
    });
    const [row] = await t.database.db
      .select({ t: orders.transactionId, m: orders.merchantName })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row).toEqual({ t: 'txn_old', m: 'Old Merchant' });
    expect(await logsOf(id)).toEqual([]);
    const unknown = await post('/api/admin/update-transaction-details', {
      orderId: 999999999,
      transactionId: 'a',
      merchantName: 'b',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/approved-mail-preview/{orderId}', () => {
  it('renders the approved-order mail of the order with its track link and document name, sending nothing', async () => {
    const id = await insertOrder(t.database.db, { givenName: 'EMILY', surname: 'TANAKA-SMITH' });
    const before = await t.app.inject({
      url: `/api/admin/approved-mail-preview/${encodeId(id)}`,
      headers: team.headers,
    });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      to: 'emily.tanaka@mail.example',
      from_name: 'Japan Arrival Card Online',
      reply_to: 'support@japan-arrival.example',
      subject: `Your Japan Arrival Card is ready (order ${id})`,
      track_url: `http://localhost:3000/track-order/${encodeId(id)}`,
      has_document: false,
    });
    // No document: the body says so instead of naming an attachment that does not exist (issue 26).
    expect(before.json().data.html).toContain(NO_DOCUMENT_YET_NOTE);
    expect(before.json().data.html).not.toContain('attached to this e-mail:');
    // The logo by path: the back office's CSP (img-src 'self') allows it under any host name.
    expect(before.json().data.html).toContain('<img src="/brand/japan-arrival.svg"');
    await t.database.db.insert(uploadDocs).values({
      orderId: id,
      file1: `${id}_file1.pdf`,
      originalName: 'card.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      storageKey: `docs/${id}`,
    });
    const { data } = (
      await t.app.inject({ url: `/api/admin/approved-mail-preview/${id}`, headers: team.headers })
    ).json();
    expect(data.has_document).toBe(true);
    expect(data.html).toContain('Dear EMILY TANAKA-SMITH,');
    expect(data.html).toContain(`href="http://localhost:3000/track-order/${encodeId(id)}"`);
    expect(data.html).toContain(`<strong>${id}_file1.pdf</strong>`);
    expect(data.html).not.toContain(NO_DOCUMENT_YET_NOTE);
    // A current document erased with the travel details cannot be attached: as good as none.
    await t.database.db.update(uploadDocs).set({ storageKey: '' }).where(eq(uploadDocs.orderId, id));
    const erased = (await t.app.inject({ url: `/api/admin/approved-mail-preview/${id}`, headers: team.headers })).json()
      .data;
    expect(erased.has_document).toBe(false);
    expect(erased.html).toContain(NO_DOCUMENT_YET_NOTE);
    expect(await t.database.db.select().from(mails).where(eq(mails.orderId, id))).toEqual([]);
    expect(await logsOf(id)).toEqual([]);
    for (const ref of ['999999999', 'not-an-id!', 'MjAwMDAz']) {
      const missing = await t.app.inject({ url: `/api/admin/approved-mail-preview/${ref}`, headers: team.headers });
      expect(missing.statusCode, ref).toBe(404);
      expect(missing.json()).toEqual({ status: 0, message: 'Order not found.' });
    }
  });
});
