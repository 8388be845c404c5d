/**
 * The customer mails in the order's language (product: languages.md#order-language): the language comes from
 * intake (or the landing site's default), every customer mail is written in it, subject included, staff may change
 * it and the next mail (a resend) uses the new one; previews show the mail as the customer reads it, logo included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder, intakeApplication } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { landingSites, mails, orders, processLogs } from '../../db/schema';
import type { Locale } from '../../../shared/i18n/locales';
import { encodeId } from '../../../shared/ids';

const KEY = 'ja-key-languages-0123456789';
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-languages-'));
let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
let admin: Awaited<ReturnType<TestContext['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({
    DATA_DIR: dataDir,
    INTAKE_API_KEYS: `visit-japan-card=${KEY}`,
    PUBLIC_BASE_URL: 'https://track.example',
  });
  team = await t.loginAs('Team');
  admin = await t.loginAs('Admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An arrival three days from now, as intake takes it. */
function arrivalInThreeDays() {
  const day = new Date(Date.now() + 3 * 86_400_000 + 9 * 3_600_000);
  return {
    date_of_arrival_in_japan: day.getUTCDate(),
    month_of_arrival_in_japan: day.getUTCMonth() + 1,
    year_of_arrival_in_japan: day.getUTCFullYear(),
  };
}

async function intake(fields: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/intake/orders',
    headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': `lang-${Math.random()}` },
    payload: { ...intakeApplication(), ...arrivalInThreeDays(), given_name: 'Mina', surname: 'Park', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.orderId as number;
}

async function uploadDocument(orderId: number) {
  const body = multipart({ orderId, email: 'mina@mail.example', mailServiceProvider: 'smtp' }, [
    { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: pdfBytes(3000) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: body.payload,
    headers: { ...team.headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const mailsOf = (orderId: number) =>
  t.database.db.select().from(mails).where(eq(mails.orderId, orderId)).orderBy(asc(mails.id));
const localeOf = async (orderId: number) =>
  (await t.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.orderId, orderId)))[0]!.locale;

/** What each language's document mail says: its subject, a line of its body, its arrival-day card's heading. */
const DOCUMENT_MAIL: Record<Locale, { subject: string; body: string; card: string; frame: string }> = {
  en: {
    subject: 'Your Japan Arrival Card is ready (order {id})',
    body: 'On that page, enter your order ID {id} and the e-mail address you used on your application.',
    card: 'On your arrival day',
    frame:
      'Questions? Contact us at https://visit-japan-card.example/contact or write to help@visit-japan-card.example.',
  },
  ko: {
    subject: '일본 입국신고서가 준비되었습니다 (주문 {id})',
    body: '그 페이지에서 주문 번호 {id}와(과) 신청할 때 사용한 이메일 주소를 입력하세요.',
    card: '입국하는 날',
    frame: '궁금한 점이 있으신가요? https://visit-japan-card.example/contact에서 문의하시거나',
  },
  'zh-Hans': {
    subject: '您的日本入境卡已准备好（订单 {id}）',
    body: '在该页面输入您的订单号 {id} 以及您申请时使用的电子邮箱地址。',
    card: '入境当天',
    frame: '有疑问？请通过 https://visit-japan-card.example/contact 联系我们',
  },
  'zh-Hant': {
    subject: '您的日本入境卡已準備好（訂單 {id}）',
    body: '在該頁面輸入您的訂單編號 {id} 以及您申請時使用的電子郵件地址。',
    card: '入境當天',
    frame: '有疑問？請透過 https://visit-japan-card.example/contact 聯絡我們',
  },
  th: {
    subject: 'บัตรขาเข้าญี่ปุ่นของคุณพร้อมแล้ว (คำสั่งซื้อ {id})',
    body: 'ในหน้านั้น ให้กรอกหมายเลขคำสั่งซื้อ {id} และที่อยู่อีเมลที่คุณใช้ตอนสมัคร',
    card: 'ในวันที่เดินทางถึง',
    frame: 'มีคำถาม? ติดต่อเราที่ https://visit-japan-card.example/contact',
  },
};

describe('the order language from intake', () => {
  it.each(Object.keys(DOCUMENT_MAIL) as Locale[])(
    'writes the document mail of an order that came in %s in that language, subject, body, card and frame',
    async (locale) => {
      const orderId = await intake({ locale });
      expect(await localeOf(orderId)).toBe(locale);
      await uploadDocument(orderId);
      const [mail] = await mailsOf(orderId);
      const expected = DOCUMENT_MAIL[locale];
      const fill = (text: string) => text.replace('{id}', String(orderId));
      expect(mail!.subject).toBe(fill(expected.subject));
      expect(mail!.textBody).toContain(fill(expected.body));
      expect(mail!.textBody).toContain(expected.card);
      expect(mail!.textBody).toContain(expected.frame);
      expect(mail!.html).toContain(`<html lang="${locale}">`);
      // Its link opens the track page in the same language.
      const link = `https://track.example/track-order/${encodeId(orderId)}${locale === 'en' ? '' : `?lang=${locale}`}`;
      expect(mail!.textBody).toContain(link);
      expect(mail!.html).toContain(fill(expected.body).replace(String(orderId), `<strong>${orderId}</strong>`));
    },
  );

  it('takes a regional tag as its language, the landing site default without one, and refuses an unknown one', async () => {
    expect(await localeOf(await intake({ locale: 'zh-TW' }))).toBe('zh-Hant');
    expect(await localeOf(await intake({}))).toBe('en');
    await t.database.db
      .update(landingSites)
      .set({ defaultLocale: 'ko' })
      .where(eq(landingSites.siteKey, 'visit-japan-card'));
    try {
      expect(await localeOf(await intake({}))).toBe('ko');
    } finally {
      await t.database.db
        .update(landingSites)
        .set({ defaultLocale: 'en' })
        .where(eq(landingSites.siteKey, 'visit-japan-card'));
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/intake/orders',
      headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': 'lang-refused' },
      payload: { ...intakeApplication(), locale: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ locale: 'locale must be one of en, ko, zh-Hans, zh-Hant, th.' });
  });

  it('writes the invoice and the refund confirmation in the order language, amounts and dates its way', async () => {
    const orderId = await intake({ locale: 'ko', amount: '49.00', currency: 'USD' });
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-invoice',
      headers: team.headers,
      payload: { orderId, mailServiceProvider: 'smtp' },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    await t.database.db.update(orders).set({ processStatus: 'Refunds' }).where(eq(orders.orderId, orderId));
    const refund = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-to-complete-refund',
      headers: team.headers,
      payload: { orderId },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [invoiceMail, refundMail] = await mailsOf(orderId);
    expect(invoiceMail!.subject).toMatch(new RegExp(`^주문 ${orderId}의 인보이스 \\S+$`));
    expect(invoiceMail!.textBody).toContain('금액: US$49.00');
    expect(invoiceMail!.textBody).toContain('서비스: 일본 입국신고서 작성 대행, 일반 처리');
    expect(refundMail!.subject).toBe(`주문 ${orderId} 환불 안내`);
    expect(refundMail!.textBody).toContain(
      `주문 ${orderId}에 대해 결제하신 US$49.00이(가) 환불되었음을 알려 드립니다.`,
    );
  });

  it("writes a request for information in the order language, the staff note and the answers' labels as given", async () => {
    const orderId = await intake({ locale: 'zh-Hant' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/information-requests',
      headers: team.headers,
      payload: { orderId, fields: ['flight_number'], note: 'Please check your flight number.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsOf(orderId);
    expect(mail!.kind).toBe('information_request');
    expect(mail!.subject).toBe(`請核對訂單 ${orderId} 的部分答案`);
    expect(mail!.textBody).toContain('為了完成您的日本入境卡，我們需要您核對申請中的部分答案：');
    expect(mail!.textBody).toContain('我們團隊的留言：\nPlease check your flight number.');
    expect(mail!.html).toContain('<html lang="zh-Hant">');
  });

  it('leaves the arrival-day card out once the day after arrival is over', async () => {
    const past = new Date(Date.now() - 3 * 86_400_000);
    const orderId = await intake({
      locale: 'en',
      date_of_arrival_in_japan: past.getUTCDate(),
      month_of_arrival_in_japan: past.getUTCMonth() + 1,
      year_of_arrival_in_japan: past.getUTCFullYear(),
    });
    await uploadDocument(orderId);
    const [mail] = await mailsOf(orderId);
    expect(mail!.textBody).toContain('Keep the document on your phone or print it');
    expect(mail!.textBody).not.toContain('On your arrival day');
  });
});

describe('staff changing the language', () => {
  const changeLocale = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/order-locale', headers, payload });

  it('resends the document in the new language, with a process-log line; staff answers stay English', async () => {
    const orderId = await intake({ locale: 'th' });
    await uploadDocument(orderId);
    const res = await changeLocale(team.headers, { orderId, locale: 'zh-Hant' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Customer language saved.', data: { locale: 'zh-Hant' } });
    const [line] = await t.database.db
      .select()
      .from(processLogs)
      .where(and(eq(processLogs.orderId, orderId), eq(processLogs.stepName, 'Customer language changed')));
    expect(line!.detail).toBe('Thai -> Chinese (Traditional)');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/get-orders-details/${orderId}`,
      headers: team.headers,
    });
    expect(detail.json().data.locale).toBe('zh-Hant');

    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resend-mail',
      headers: team.headers,
      payload: { orderId: String(orderId), email: 'mina@mail.example', mailServiceProvider: 'smtp' },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('Mail queued: the document will be resent to mina@mail.example.');
    const [first, again] = await mailsOf(orderId);
    expect(first!.subject).toBe(`บัตรขาเข้าญี่ปุ่นของคุณพร้อมแล้ว (คำสั่งซื้อ ${orderId})`);
    expect(again!.kind).toBe('resend');
    expect(again!.subject).toBe(`您的日本入境卡已準備好（訂單 ${orderId}）`);
    expect(again!.textBody).toContain('入境當天');
  });

  it('refuses an unknown language and an unknown order, changing nothing, and needs a staff session', async () => {
    const orderId = await insertOrder(t.database.db);
    const bad = await changeLocale(team.headers, { orderId, locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ locale: 'Please choose one of en, ko, zh-Hans, zh-Hant, th.' });
    expect((await changeLocale(team.headers, { orderId: 999_999_999, locale: 'ko' })).statusCode).toBe(404);
    expect((await changeLocale({}, { orderId, locale: 'ko' })).statusCode).toBe(401);
    expect(await localeOf(orderId)).toBe('en');
    const lines = await t.database.db
      .select()
      .from(processLogs)
      .where(and(eq(processLogs.orderId, orderId), eq(processLogs.stepName, 'Customer language changed')));
    expect(lines).toEqual([]);
  });
});

describe("staff previews of the customer's mail", () => {
  it("View Email Content shows the order's language with the logo by path", async () => {
    const orderId = await intake({ locale: 'ko' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/approved-mail-preview/${orderId}`,
      headers: team.headers,
    });
    const preview = res.json().data;
    expect(preview.locale).toBe('ko');
    expect(preview.subject).toBe(`일본 입국신고서가 준비되었습니다 (주문 ${orderId})`);
    expect(preview.html).toContain('아직 업로드된 서류가 없습니다.');
    expect(preview.html).toContain('<img src="/brand/visit-japan-card.svg"');
  });

  it('the Mail outbox shows the stored mail in its language, its logo by path whatever host the page has', async () => {
    const orderId = await intake({ locale: 'zh-Hans' });
    await uploadDocument(orderId);
    const [stored] = await mailsOf(orderId);
    // The mail itself carries the absolute address a mail needs.
    expect(stored!.html).toContain('<img src="https://track.example/brand/visit-japan-card.svg"');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail-outbox?filter=all&page=1&limit=50',
      headers: { ...admin.headers, host: 'backoffice.internal:8080' },
    });
    expect(res.statusCode).toBe(200);
    const shown = res.json().data.find((m: { id: number }) => m.id === stored!.id);
    expect(shown.subject).toBe(`您的日本入境卡已准备好（订单 ${orderId}）`);
    expect(shown.html).toContain('<img src="/brand/visit-japan-card.svg"');
    expect(shown.html).not.toContain('https://track.example/brand/');
    // The page's own policy allows images of its own origin only: the path is what loads.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data:/);
  });
});
