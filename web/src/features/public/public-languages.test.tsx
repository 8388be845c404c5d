/**
 * The public pages in the traveller's language (product: languages.md#choice): chosen by `?lang=`, else a remembered
 * choice, else the browser's languages, else English; kept from page to page; written into `<html lang>` and the
 * title; dates in the language's way; the arrival-day card from the document's sending to the day after arrival.
 */
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okChecked, refused } from '../../../test/answers';
import { branding, downloadEntry, downloadHistory } from '../../../test/fixtures/public';
import { fill } from '../../../test/fill';
import { screen } from '../../../test/render-app';
import { closeSmallApps, openPublicApp } from '../../../test/render-small-apps';
import { server } from '../../../test/server';
import { encodeId } from '../../../../shared/ids';
import type { Locale } from '../../../../shared/i18n/locales';
import { TRACK_ANSWERS } from '../../../../shared/schemas/tracking-texts';
import { brandingSchema, trackOrderAnswerSchema } from '../../../../shared/schemas/tracking';

/** Each language's track-page heading and button, its download-page history heading, and a history time. */
const PAGES: Record<Locale, { heading: string; button: string; history: string; time: string }> = {
  en: {
    heading: 'Download your Japan Arrival Card',
    button: 'TRACK ORDER',
    history: 'Downloaded History',
    time: '11/20/2026 10:04:05 AM',
  },
  ko: { heading: '일본 입국신고서 다운로드', button: '주문 조회', history: '다운로드 기록', time: '26. 11. 20.' },
  'zh-Hans': { heading: '下载您的日本入境卡', button: '查询订单', history: '下载记录', time: '2026/11/20 10:04:05' },
  'zh-Hant': { heading: '下載您的日本入境卡', button: '查詢訂單', history: '下載紀錄', time: '2026/11/20' },
  th: {
    heading: 'ดาวน์โหลดบัตรขาเข้าญี่ปุ่นของคุณ',
    button: 'ตรวจสอบคำสั่งซื้อ',
    history: 'ประวัติการดาวน์โหลด',
    time: '20/11/69 10:04:05',
  },
};
const LANGUAGES = Object.keys(PAGES) as Locale[];

let nextOrder = 300_000;
const newOrder = () => {
  const orderId = ++nextOrder;
  return { orderId, encoded: encodeId(orderId) };
};

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

/** A customer who tracked the order in this tab. */
function trackedBefore(orderId: number) {
  sessionStorage.setItem(
    `order-access:${orderId}`,
    JSON.stringify({ token: `token-of-${orderId}`, expiresAt: new Date(Date.now() + 600_000).toISOString() }),
  );
}

beforeEach(() => {
  server.use(http.get('/api/front/branding', () => okChecked(brandingSchema, branding('japan-arrival'))));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the language of the public pages', () => {
  it.each(LANGUAGES)('speaks %s when the address asks with ?lang=, whatever the browser prefers', async (locale) => {
    browserLanguages(['de-DE', 'en']);
    const { encoded } = newOrder();
    await openPublicApp(`/track-order/${encoded}?lang=${locale}`);
    expect(await screen.findByRole('heading', { name: PAGES[locale].heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PAGES[locale].button })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe(locale);
    await waitFor(() => expect(document.title).toBe(`${PAGES[locale].heading} | Japan Arrival Card Online`));
    expect(screen.getByRole('combobox')).toHaveValue(locale);
  });

  it.each([
    [['ko-KR', 'ko', 'en-US'], 'ko'],
    [['zh-CN', 'en'], 'zh-Hans'],
    [['zh-TW', 'zh'], 'zh-Hant'],
    [['zh-HK'], 'zh-Hant'],
    [['th-TH', 'en'], 'th'],
    [['fr-FR', 'ko'], 'ko'],
    [['fr-FR', 'de'], 'en'],
  ] as const)('speaks the first of the browser languages %j it can: %s', async (languages, locale) => {
    browserLanguages([...languages]);
    await openPublicApp(`/track-order/${newOrder().encoded}`);
    expect(await screen.findByRole('heading', { name: PAGES[locale].heading })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe(locale);
  });

  it('keeps the language of ?lang= from the track form to the download page, its history in that language', async () => {
    browserLanguages(['en-US']);
    const { orderId, encoded } = newOrder();
    server.use(
      http.post('/api/front/track-order', () =>
        okChecked(
          trackOrderAnswerSchema,
          {
            orderId,
            encodedOrderId: encoded,
            accessToken: 'customer-token',
            expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
          },
          { message: TRACK_ANSWERS.found },
        ),
      ),
      http.post('/api/front/get-download-history', () =>
        downloadHistory(orderId, { file1: `${orderId}_file1.pdf`, rows: [downloadEntry({ order_id: orderId })] }),
      ),
    );
    const { user, location } = await openPublicApp(`/track-order/${encoded}?lang=ko`);
    await fill(user, await screen.findByLabelText('이메일'), 'emily@mail.example');
    await user.click(screen.getByRole('button', { name: '주문 조회' }));
    expect(
      await screen.findByText('주문을 찾았습니다. 이제 일본 입국신고서를 다운로드할 수 있습니다.'),
    ).toBeInTheDocument();
    expect(location()).toBe(`/get-new-order-details/${encoded}`);
    expect(screen.getByText(/일본 입국신고서 신청이 완료되었습니다/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: '날짜 및 시간(미국 동부 시간)' })).toBeInTheDocument();
    expect(within(table).getByText(/^26\. 11\. 20\./)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko');
  });

  it.each(LANGUAGES)('writes the history times of %s in its way', async (locale) => {
    const { orderId, encoded } = newOrder();
    trackedBefore(orderId);
    server.use(
      http.post('/api/front/get-download-history', () =>
        downloadHistory(orderId, { file1: `${orderId}_file1.pdf`, rows: [downloadEntry({ order_id: orderId })] }),
      ),
    );
    await openPublicApp(`/get-new-order-details/${encoded}?lang=${locale}`);
    const table = (await screen.findByRole('heading', { name: PAGES[locale].history })).parentElement!;
    expect(within(table).getByText((text) => text.startsWith(PAGES[locale].time))).toBeInTheDocument();
  });

  it('remembers a pick from the language menu on the next page load, over the browser languages', async () => {
    browserLanguages(['ko-KR']);
    const first = newOrder();
    const { user } = await openPublicApp(`/track-order/${first.encoded}`);
    await user.selectOptions(await screen.findByRole('combobox', { name: '언어' }), 'ไทย');
    expect(await screen.findByRole('heading', { name: PAGES.th.heading })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('th');

    // A later visit (a fresh start of the app, as a reload does) without ?lang=.
    await closeSmallApps();
    await openPublicApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'ไม่พบหน้านี้' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ตรวจสอบคำสั่งซื้อของคุณ' }));
    expect(await screen.findByRole('heading', { name: PAGES.th.heading })).toBeInTheDocument();
  });

  it("writes a server's answer in the page's language", async () => {
    const { encoded } = newOrder();
    server.use(http.post('/api/front/track-order', () => refused(404, TRACK_ANSWERS.notFound)));
    const { user } = await openPublicApp(`/track-order/${encoded}?lang=zh-Hant`);
    await fill(user, await screen.findByLabelText('電子郵件'), 'someone@mail.example');
    await user.click(screen.getByRole('button', { name: '查詢訂單' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '找不到符合此訂單編號和電子郵件的訂單。請檢查兩者後再試一次。',
    );
    await user.clear(screen.getByLabelText('訂單編號'));
    await user.click(screen.getByRole('button', { name: '查詢訂單' }));
    expect(screen.getByLabelText('訂單編號')).toHaveAccessibleDescription('請輸入您的訂單編號');
  });
});

describe('the arrival-day card', () => {
  /** The download page of a sent document, for an arrival on 20 May 2026, seen at `now`. */
  async function downloadPageAt(now: string, locale: Locale, { sent = true } = {}) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    const { orderId, encoded } = newOrder();
    trackedBefore(orderId);
    server.use(
      http.post('/api/front/get-download-history', () =>
        downloadHistory(orderId, { file1: sent ? `${orderId}_file1.pdf` : null, arrivalDate: '2026-05-20' }),
      ),
    );
    await openPublicApp(`/get-new-order-details/${encoded}?lang=${locale}`);
    await screen.findByRole('heading', { name: PAGES[locale].history });
  }

  it('shows three days ahead what to have ready, and when, in the language', async () => {
    await downloadPageAt('2026-05-17T09:00:00+09:00', 'ko');
    const card = screen.getByRole('region', { name: '입국하는 날' });
    expect(card).toHaveTextContent('일본 도착일은 2026년 5월 20일 수요일입니다. 3일 남았습니다.');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['입국신고서 서류(휴대폰에 저장하거나 인쇄한 것) 또는 그 QR 코드', '여권', '세관 신고서']);
    expect(card).toHaveTextContent('Japan Arrival Card Online은(는) 민간 서비스입니다. 일본 정부가 아니며');
  });

  it('writes the English card with the date as English writes it', async () => {
    await downloadPageAt('2026-05-19T12:00:00+09:00', 'en');
    const card = screen.getByRole('region', { name: 'On your arrival day' });
    expect(card).toHaveTextContent('You arrive in Japan on Wednesday, May 20, 2026. That is tomorrow.');
    expect(card).toHaveTextContent('Japan Arrival Card Online is a private service. It is not the Government of Japan');
  });

  it('stays through the day after arrival and is gone once that day has ended in Japan', async () => {
    await downloadPageAt('2026-05-21T23:00:00+09:00', 'th');
    expect(screen.getByRole('region', { name: 'ในวันที่เดินทางถึง' })).toHaveTextContent(
      'คุณจะเดินทางถึงญี่ปุ่นในวันพุธที่ 20 พฤษภาคม 2569',
    );
    await closeSmallApps();
    await downloadPageAt('2026-05-22T00:30:00+09:00', 'th');
    expect(screen.queryByRole('region', { name: 'ในวันที่เดินทางถึง' })).not.toBeInTheDocument();
  });

  it('waits for the document to be sent', async () => {
    await downloadPageAt('2026-05-17T09:00:00+09:00', 'zh-Hans', { sent: false });
    expect(screen.queryByRole('region', { name: '入境当天' })).not.toBeInTheDocument();
  });
});
