/**
 * The public site as a customer meets it (the small public app main.tsx starts for every address that is not a staff
 * screen): the track form, the download page and its history, the landing site's branding, the not-found page, and
 * the translation widget only when the server names one.
 */
import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okChecked, refused } from '../../../test/answers';
import { branding, downloadEntry, downloadHistory, type SiteKey } from '../../../test/fixtures/public';
import { fill } from '../../../test/fill';
import { screen, signInAs } from '../../../test/render-app';
import { openPublicApp } from '../../../test/render-small-apps';
import { server } from '../../../test/server';
import { encodeId } from '../../../../shared/ids';
import { brandingSchema, downloadTicketSchema, trackOrderAnswerSchema } from '../../../../shared/schemas/tracking';

const TRACK_NOT_FOUND = 'We could not find an order with this Order ID and Email ID. Please check both and try again.';
const TRACK_SUCCESS = 'Order found. You can now download your Japan Arrival Card.';
const ACCESS_REQUIRED = 'Please enter your Order ID and Email ID to see this order.';

/**
 * Each test uses orders of its own: the public pages keep an order's branding for the page's life, as a browser tab
 * does, and the tests of this file share one page.
 */
const sites = new Map<string, SiteKey>();
function orderOf(orderId: number, site: SiteKey = 'japan-arrival') {
  sites.set(encodeId(orderId), site);
  return { orderId, encoded: encodeId(orderId) };
}

beforeEach(() => {
  server.use(
    http.get('/api/front/branding', ({ request }) => {
      const order = new URL(request.url).searchParams.get('order');
      return okChecked(brandingSchema, branding((order && sites.get(order)) || 'japan-arrival'));
    }),
  );
});

/** A customer who tracked the order in this tab: its token, as the track form keeps it. */
function trackedBefore(orderId: number, token = `token-of-${orderId}`) {
  sessionStorage.setItem(
    `order-access:${orderId}`,
    JSON.stringify({ token, expiresAt: new Date(Date.now() + 600_000).toISOString() }),
  );
}

describe('the track form', () => {
  it('asks for the order id and the e-mail with the spec messages, sending nothing', async () => {
    const { encoded } = orderOf(200_001);
    let asked = 0;
    server.use(http.post('/api/front/track-order', () => (asked++, refused(404, TRACK_NOT_FOUND))));
    const { user } = await openPublicApp(`/track-order/${encoded}`);
    expect(await screen.findByRole('heading', { name: 'Download your Japan Arrival Card' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order ID')).toHaveValue('200001');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@japan-arrival.example',
    );

    await user.clear(screen.getByLabelText('Order ID'));
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(screen.getByText('Please enter your orderId')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Order ID'), 'A-200001');
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(
      screen.getByText('Please enter the order ID from your confirmation e-mail (numbers only).'),
    ).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it("refuses a wrong e-mail with the server's message and stays on the form", async () => {
    const { encoded } = orderOf(200_002);
    server.use(http.post('/api/front/track-order', () => refused(404, TRACK_NOT_FOUND)));
    const { user, location } = await openPublicApp(`/track-order/${encoded}`);
    await fill(user, await screen.findByLabelText('Email ID'), 'someone.else@mail.example');
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TRACK_NOT_FOUND);
    expect(location()).toBe(`/track-order/${encoded}`);
    expect(screen.getByRole('button', { name: 'TRACK ORDER' })).toBeEnabled();
  });

  it('sends no staff token from a browser where a staff member is signed in: there, they are a customer', async () => {
    const { encoded } = orderOf(200_003);
    signInAs('Manager');
    const askedWith: (string | null)[] = [];
    server.use(
      http.post('/api/front/track-order', ({ request }) => {
        askedWith.push(request.headers.get('authorization'));
        return refused(404, TRACK_NOT_FOUND);
      }),
    );
    const { user } = await openPublicApp(`/track-order/${encoded}`);
    await fill(user, await screen.findByLabelText('Email ID'), 'someone.else@mail.example');
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TRACK_NOT_FOUND);
    expect(askedWith).toEqual([null]);
  });

  it("shows the server's message under the field it refuses", async () => {
    const { encoded } = orderOf(200_003);
    server.use(
      http.post('/api/front/track-order', () =>
        refused(400, 'Please enter a valid email address', { email: 'Please enter a valid email address' }),
      ),
    );
    const { user } = await openPublicApp(`/track-order/${encoded}`);
    await fill(user, await screen.findByLabelText('Email ID'), 'emily@mail');
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(await screen.findByLabelText('Email ID')).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('opens the download page for the order with its message, the token sent along', async () => {
    const { orderId, encoded } = orderOf(200_004);
    const tracked: unknown[] = [];
    const historyAskedWith: (string | null)[] = [];
    server.use(
      http.post('/api/front/track-order', async ({ request }) => {
        tracked.push(await request.json());
        return okChecked(
          trackOrderAnswerSchema,
          {
            orderId,
            encodedOrderId: encoded,
            accessToken: 'customer-token',
            expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
          },
          { message: TRACK_SUCCESS },
        );
      }),
      http.post('/api/front/get-download-history', ({ request }) => {
        historyAskedWith.push(request.headers.get('authorization'));
        return downloadHistory(orderId, { file1: `${orderId}_file1.pdf` });
      }),
    );
    const { user, location } = await openPublicApp(`/track-order/${encoded}`);
    await fill(user, await screen.findByLabelText('Email ID'), 'Emily.Tanaka@MAIL.example');
    await user.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(await screen.findByText(TRACK_SUCCESS)).toBeInTheDocument();
    expect(location()).toBe(`/get-new-order-details/${encoded}`);
    expect(await screen.findByText(/Your Japan Arrival Card application is completed\./)).toBeInTheDocument();
    // Sent as typed: the server compares the e-mail in any case.
    expect(tracked).toEqual([{ orderId: String(orderId), email: 'Emily.Tanaka@MAIL.example' }]);
    expect(new Set(historyAskedWith)).toEqual(new Set(['Bearer customer-token']));
  });
});

describe('the download page', () => {
  /** Where the page hands the file to the browser (an object URL on a link with `download`): what was saved. */
  const saved: { name: string; blob: Blob }[] = [];
  const objects = new Map<string, Blob>();
  beforeEach(() => {
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${objects.size}`;
      objects.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void objects.delete(url);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = objects.get(this.href);
      if (this.download && blob) saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    saved.length = 0;
  });

  it('downloads the document with Download Now and shows the download in the history', async () => {
    const { orderId, encoded } = orderOf(200_010);
    trackedBefore(orderId);
    const file1 = `${orderId}_file1.pdf`;
    const bytes = '%PDF-1.7\n% arrival card\n%%EOF\n';
    let rows = [] as ReturnType<typeof downloadEntry>[];
    const asked: unknown[] = [];
    server.use(
      http.post('/api/front/get-download-history', () => downloadHistory(orderId, { file1, rows })),
      http.post('/api/front/download-passport-doc-pdf', async ({ request }) => {
        asked.push({ body: await request.json(), authorization: request.headers.get('authorization') });
        return okChecked(
          downloadTicketSchema,
          {
            downloadUrl: '/api/front/download-passport-doc-pdf?ticket=one-time',
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
            file1,
          },
          { message: 'Your document is ready. The download starts now.' },
        );
      }),
      http.get('/api/front/download-passport-doc-pdf', ({ request }) => {
        if (new URL(request.url).searchParams.get('ticket') !== 'one-time') return refused(401, 'Used ticket.');
        rows = [downloadEntry({ order_id: orderId })];
        return new HttpResponse(bytes, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file1}"` },
        });
      }),
    );
    const { user } = await openPublicApp(`/get-new-order-details/${encoded}`);
    expect(await screen.findByRole('heading', { name: 'Downloaded History' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '#',
      'Order ID',
      'Date & Time (EST)',
      'Device IP Address',
      'Device',
      'Device Type',
      'Browser',
      'OS',
      'Device Location',
    ]);
    expect(within(table).getByText('No data available in table')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download Now' }));
    expect(await within(table).findByText('8.8.8.8')).toBeInTheDocument();
    const cells = within(table)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      '1',
      String(orderId),
      '11/20/2026 10:04:05 AM',
      '8.8.8.8',
      'Computer',
      'Desktop',
      'Chrome 131',
      'Linux',
      'United States',
    ]);
    expect(saved.map((s) => s.name)).toEqual([file1]);
    expect(await saved[0]!.blob.text()).toBe(bytes);
    expect(asked).toEqual([
      { body: { orderId, customername: 'customer', file1 }, authorization: `Bearer token-of-${orderId}` },
    ]);
  });

  it('keeps Download Now disabled while the document is not ready', async () => {
    const { orderId, encoded } = orderOf(200_011);
    trackedBefore(orderId);
    server.use(http.post('/api/front/get-download-history', () => downloadHistory(orderId)));
    await openPublicApp(`/get-new-order-details/${encoded}`);
    expect(await screen.findByText(/is being processed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Now' })).toBeDisabled();
  });

  it('sends a customer without a token back to the track form', async () => {
    const { encoded } = orderOf(200_012);
    const { location } = await openPublicApp(`/get-new-order-details/${encoded}`);
    expect(await screen.findByRole('button', { name: 'TRACK ORDER' })).toBeInTheDocument();
    expect(location()).toBe(`/track-order/${encoded}`);
  });

  it('sends a refused token back to the track form with its message, and never signs out staff of the same browser', async () => {
    const { orderId, encoded } = orderOf(200_013);
    signInAs('Team');
    const stored = localStorage.getItem('user');
    trackedBefore(orderId, 'not.a.token');
    const askedWith: (string | null)[] = [];
    server.use(
      http.post('/api/front/get-download-history', ({ request }) => {
        askedWith.push(request.headers.get('authorization'));
        return refused(401, ACCESS_REQUIRED);
      }),
    );
    const { location } = await openPublicApp(`/get-new-order-details/${encoded}`);
    expect(await screen.findByText(ACCESS_REQUIRED)).toBeInTheDocument();
    expect(location()).toBe(`/track-order/${encoded}`);
    // The customer's token only: a refusal of it is no news about the staff session.
    expect(new Set(askedWith)).toEqual(new Set(['Bearer not.a.token']));
    expect(localStorage.getItem('user')).toBe(stored);
  });
});

describe('branding by landing site', () => {
  it('gives the full site its whole menu, logo and footer, the menu folding behind a toggle', async () => {
    const { encoded } = orderOf(200_020, 'japan-arrival');
    const { user } = await openPublicApp(`/track-order/${encoded}`);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Apply Now', 'Additional Benefits', 'Terms', 'Privacy', 'Refund', 'Contact']);
    expect(within(menu).getByRole('link', { name: 'Apply Now' })).toHaveAttribute(
      'href',
      'https://japan-arrival.example/apply',
    );
    expect(screen.getByRole('img', { name: 'Japan Arrival Card Online' })).toHaveAttribute(
      'src',
      '/brand/japan-arrival.svg',
    );
    expect(screen.getByText('© 2025 Japan Arrival Card Online. All rights reserved.')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['visit-japan-card', 'Visit Japan Card', 'https://visit-japan-card.example/contact', 200_021],
    ['nippon-entry', 'Nippon Entry Assist', 'https://nippon-entry.example/support', 200_022],
  ] as const)(
    'gives the reduced site %s only a contact link, its own logo and footer',
    async (site, name, contact, id) => {
      const { encoded } = orderOf(id, site);
      await openPublicApp(`/track-order/${encoded}`);
      const logo = await screen.findByRole('img', { name });
      expect(logo).toHaveAttribute('src', `/brand/${site}.svg`);
      const header = logo.closest('header')!;
      expect(
        within(header)
          .getAllByRole('link')
          .map((a) => [a.textContent, a.getAttribute('href')]),
      ).toEqual([['Contact', contact]]);
      expect(screen.queryByRole('link', { name: 'Apply Now' })).not.toBeInTheDocument();
      expect(screen.getByText(`© 2025 ${name}. All rights reserved.`)).toBeInTheDocument();
    },
  );

  it('sends an unknown address to the not-found page, with a way to the track form', async () => {
    const { user, location } = await openPublicApp('/no-such-page/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Track your order' }));
    expect(await screen.findByRole('button', { name: 'TRACK ORDER' })).toBeInTheDocument();
    expect(location()).toBe('/track-order');
    expect(screen.getByLabelText('Order ID')).toHaveValue('');
  });
});

describe('the translation widget', () => {
  it('is absent by default: no widget, no third-party script', async () => {
    const { encoded } = orderOf(200_030);
    await openPublicApp(`/track-order/${encoded}`);
    expect(await screen.findByRole('button', { name: 'TRACK ORDER' })).toBeInTheDocument();
    expect(document.getElementById('google_translate_element')).toBeNull();
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('loads the configured script, its widget drawn above the header', async () => {
    const { encoded } = orderOf(200_031);
    const script = 'https://translate.widget.example/element.js?cb=initTranslateWidget';
    server.use(
      http.get('/api/front/branding', () =>
        okChecked(brandingSchema, branding('japan-arrival', { translate_widget_url: script })),
      ),
    );
    await openPublicApp(`/track-order/${encoded}`);
    expect(await screen.findByRole('button', { name: 'TRACK ORDER' })).toBeInTheDocument();
    const loaded = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src);
    expect(loaded).toEqual([script]);
    const widget = document.getElementById('google_translate_element')!;
    const header = document.querySelector('header')!;
    expect(widget.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The script calls back the function its address names, which draws the widget in its place.
    expect(typeof (window as unknown as Record<string, unknown>).initTranslateWidget).toBe('function');
  });
});
