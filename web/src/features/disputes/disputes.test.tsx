/**
 * Payment disputes on the screens: the order page's Dispute section shows, field by field, what will be sent; a
 * Manager saves it at the provider and submits it to the bank after a confirmation that says it is done once; a
 * refusal of the provider is shown in its words; a Team member reads it without the buttons. The ChargeBack queue
 * lists the disputes by evidence due date, coloured as it nears, follows them live and after the member's own
 * submission, and an Admin links an unmatched one to an order.
 */
import { fireEvent, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  disputeRowSchema,
  disputeSchema,
  disputesReportRowSchema,
  orderDisputesSchema,
  type Dispute,
  type DisputeEvidence,
  type DisputesReportRow,
  type OrderDisputes,
} from '../../../../shared/schemas/disputes';
import type { Role } from '../../../../shared/roles';
import { okChecked, refused } from '../../../test/answers';
import { orderDetail, orderPagePath } from '../../../test/fixtures/order-detail';
import { answerQueue } from '../../../test/fixtures/queues';
import { orderRow } from '../../../test/fixtures/orders';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { liveStreamControl, server } from '../../../test/server';
import { activity, ASHA } from '../../../test/fixtures/live';

const order = orderDetail({ process_status: 'ChargeBack', given_name: 'CLARA', surname: 'CHARGEBACK' });
const HOUR = 3_600_000;

function dispute(fields: Partial<Dispute> = {}): Dispute {
  return {
    id: 41,
    gateway: 'stripe',
    gateway_label: 'Stripe',
    provider_dispute_id: 'du_1Abc',
    order_id: order.order_id,
    reason: 'fraudulent',
    amount: '$49.00',
    provider_status: 'needs_response',
    state: 'needs_evidence',
    state_label: 'Needs evidence',
    evidence_due_at: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
    opened_at: '2026-11-20T10:00:00.000Z',
    saved_at: null,
    saved_by: null,
    submitted_at: null,
    submitted_by: null,
    provider_refusal: null,
    closed_at: null,
    linked_by: null,
    ...fields,
  };
}

const evidence: DisputeEvidence = {
  customer_name: 'CLARA CHARGEBACK',
  customer_email_address: 'clara@mail.example',
  product_description: 'Japan Arrival Card preparation (Standard), sold by Visit Japan Card (visitjapan.example).',
  service_date: '2026-03-14',
  downloads: [
    {
      id: 1,
      at: '2026-03-14T15:00:00.000Z',
      time_utc: '2026-03-14 15:00:00 UTC',
      time_local: '2026-03-15 02:00:00 Australia/Melbourne',
      ip: '203.0.113.7',
      device: 'Apple iPhone, mobile',
      browser: 'Safari 17 on iOS 17.4',
      location: 'Melbourne, Australia',
      file_name: '200001_file1.pdf',
    },
  ],
  access_activity_log: 'Downloads (1): ...',
  delivery: {
    mail_id: 9,
    sent_at: '2026-03-14T14:22:05.000Z',
    sent_at_text: '2026-03-14 14:22:05 UTC (03/14/2026 10:22:05 AM EDT)',
    recipient: 'clara@mail.example',
    message_id: '<9.abc@arrivalcard-mail.example>',
    delivered_by: 'the recipient mail server (SMTP)',
    document: '200001_file1.pdf',
  },
  customer_purchase_ip: '198.51.100.77',
  purchase_user_agent: 'Mozilla/5.0 (Macintosh) Safari/17.4',
  files: [
    {
      pack: 1,
      title: 'Defence Pack 1: Email History',
      file_name: 'Defence-Pack-1-200001.pdf',
      sent_as: 'customer_communication',
    },
    {
      pack: 2,
      title: 'Defence Pack 2: Download History',
      file_name: 'Defence-Pack-2-200001.pdf',
      sent_as: 'service_documentation',
    },
  ],
  cover_letter: 'Dear dispute team,\nthe card was delivered.',
  uncategorized_text: 'Dear dispute team, ...',
};

/** Serves the order's disputes from `state` (a test changes it as the server would) and records what was sent. */
function serveDisputes(state: { answer: OrderDisputes }) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/admin/order-disputes', () => okChecked(orderDisputesSchema, state.answer)),
    http.post('/api/admin/dispute-evidence', async ({ request }) => {
      const body = (await request.json()) as { submit: boolean };
      sent.push(body);
      const next = body.submit
        ? dispute({
            state: 'submitted',
            state_label: 'Submitted',
            submitted_at: new Date().toISOString(),
            submitted_by: 'Max Manager',
          })
        : dispute({
            state: 'saved',
            state_label: 'Saved at provider',
            saved_at: new Date().toISOString(),
            saved_by: 'Max Manager',
          });
      state.answer = { ...state.answer, disputes: [next] };
      return okSaying(
        body.submit
          ? 'Evidence submitted to the bank through Stripe.'
          : 'Evidence saved at Stripe. It is not with the bank yet: submit it before the due date.',
        disputeSchema,
        next,
      );
    }),
  );
  return sent;
}

async function openOrder(as: Role, canSend: boolean, shown = order, disputes = [dispute()]) {
  serveOrderPage(shown);
  const state = { answer: { disputes, evidence, can_send: canSend } };
  const sent = serveDisputes(state);
  const app = await renderStaffApp(orderPagePath(order.order_id), { as });
  const section = within(await screen.findByRole('region', { name: 'Dispute' }));
  await section.findByRole('table', { name: 'Evidence' });
  return { ...app, section, sent, state };
}

describe('the Dispute section of the order page', () => {
  it('shows what will be sent, field by field', async () => {
    const { section } = await openOrder('Manager', true);
    const facts = within(section.getByLabelText('Stripe dispute du_1Abc'));
    expect(facts.getByText('Stripe dispute du_1Abc')).toBeInTheDocument();
    expect(facts.getByText('fraudulent')).toBeInTheDocument();
    expect(facts.getByText('$49.00')).toBeInTheDocument();
    expect(section.getByTestId('dispute-state')).toHaveTextContent('Needs evidence');
    const table = within(section.getByRole('table', { name: 'Evidence' }));
    const row = (label: string) => table.getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Customer name')).toHaveTextContent('CLARA CHARGEBACK');
    expect(row('Customer e-mail')).toHaveTextContent('clara@mail.example');
    expect(row('Service date')).toHaveTextContent('2026-03-14');
    expect(row('Delivery record')).toHaveTextContent('Message-ID <9.abc@arrivalcard-mail.example>');
    expect(row('Purchase IP')).toHaveTextContent('198.51.100.77');
    expect(row('Files')).toHaveTextContent(
      'Defence Pack 1: Email History: Defence-Pack-1-200001.pdf (as customer_communication)',
    );
    expect(row('Files')).toHaveTextContent('Defence-Pack-2-200001.pdf (as service_documentation)');
    const access = within(table.getByRole('table', { name: 'Access log' })).getAllByRole('row')[1]!;
    for (const part of [
      '2026-03-14 15:00:00 UTC',
      '2026-03-15 02:00:00 Australia/Melbourne',
      '203.0.113.7',
      'Apple iPhone, mobile',
      'Safari 17 on iOS 17.4',
      'Melbourne, Australia',
    ])
      expect(access).toHaveTextContent(part);
    expect(section.getByLabelText('Cover letter')).toHaveValue('Dear dispute team,\nthe card was delivered.');
  });

  it('saves at the provider, then submits to the bank after a confirmation, and shows it submitted', async () => {
    const { section, sent, user } = await openOrder('Manager', true);
    const letter = section.getByLabelText('Cover letter');
    await user.clear(letter);
    await user.type(letter, 'Delivered on time.');
    await user.click(section.getByRole('button', { name: 'Save at provider' }));
    expect(
      await screen.findByText('Evidence saved at Stripe. It is not with the bank yet: submit it before the due date.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ disputeId: 41, submit: false, coverLetter: 'Delivered on time.' }]);
    await expect
      .poll(() => section.getByTestId('dispute-state').textContent)
      .toMatch(/^Saved at provider on .+ by Max Manager$/);

    await user.click(section.getByRole('button', { name: 'Submit to the bank' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Submit the evidence of Stripe dispute du_1Abc to the bank? This can be done only once: after it, nothing more can be sent for this dispute.',
    );
    expect(sent).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Submit to the bank' }));
    expect(await screen.findByText('Evidence submitted to the bank through Stripe.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ disputeId: 41, submit: true, coverLetter: expect.any(String) });
    await expect
      .poll(() => section.getByTestId('dispute-state').textContent)
      .toMatch(/^Submitted on .+ by Max Manager$/);
    expect(section.queryByRole('button', { name: 'Submit to the bank' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Save at provider' })).not.toBeInTheDocument();
  });

  it("shows the provider's refusal in its words", async () => {
    const { section, user } = await openOrder('Admin', true);
    const words =
      'The evidence is longer than the card network accepts (too many pages in the files). Shorten the cover letter or leave a file out, then save again.';
    server.use(http.post('/api/admin/dispute-evidence', () => refused(422, words)));
    await user.click(section.getByRole('button', { name: 'Save at provider' }));
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('stays on the order after it has left ChargeBack: a won dispute, read without the buttons', async () => {
    const completed = orderDetail({ process_status: 'Completed', has_dispute: true, given_name: 'CLARA' });
    const won = dispute({
      state: 'won',
      state_label: 'Won',
      provider_status: 'won',
      closed_at: new Date().toISOString(),
    });
    const { section } = await openOrder('Manager', true, completed, [won]);
    expect(section.getByTestId('dispute-state')).toHaveTextContent('Won');
    expect(section.getByText("The evidence from the order's records")).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Submit to the bank' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Save at provider' })).not.toBeInTheDocument();
    expect(section.queryByRole('textbox', { name: 'Cover letter' })).not.toBeInTheDocument();
  });

  it('offers no sending once the evidence due date has passed', async () => {
    const late = dispute({ evidence_due_at: new Date(Date.now() - HOUR).toISOString() });
    const { section } = await openOrder('Manager', true, order, [late]);
    expect(section.getByText('(Evidence due date passed)')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Submit to the bank' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Save at provider' })).not.toBeInTheDocument();
  });

  it('has no Dispute section, nor asks for one, on an order without a dispute outside ChargeBack', async () => {
    const asked: unknown[] = [];
    serveOrderPage(orderDetail({ process_status: 'Completed' }));
    server.use(
      http.post('/api/admin/order-disputes', async ({ request }) => {
        asked.push(await request.json());
        return okChecked(orderDisputesSchema, { disputes: [], evidence: null, can_send: true });
      }),
    );
    await renderStaffApp(orderPagePath(order.order_id), { as: 'Manager' });
    await screen.findByRole('region', { name: 'Comment History' });
    expect(screen.queryByRole('region', { name: 'Dispute' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('is in the section index, marked while it is read, and one key away', async () => {
    const refunded = orderDetail({ process_status: 'Refunds', has_dispute: true });
    const lost = dispute({ state: 'lost', state_label: 'Lost', provider_status: 'lost' });
    const { section, user } = await openOrder('Team', false, refunded, [lost]);
    const index = screen.getByRole('navigation', { name: 'Sections of this order' });
    const labels = () =>
      within(index)
        .getAllByRole('link')
        .map((l) => l.textContent);
    await expect.poll(labels).toContain('Disputep');
    expect(labels().slice(-4)).toEqual(['Downloadsd', 'Disputep', 'Process Logl', 'Commentsc']);

    // Read down to the dispute: its top has passed under the sticky bar, the sections after it are still below.
    for (const name of ['Process Log', 'Comment History'])
      screen.getByRole('region', { name }).getBoundingClientRect = () => ({ top: 2_000 }) as DOMRect;
    fireEvent.scroll(window);
    const link = (name: RegExp) => within(index).getByRole('link', { name });
    await expect.poll(() => link(/^Dispute/).getAttribute('aria-current')).toBe('location');
    expect(link(/^Downloads/)).not.toHaveAttribute('aria-current');

    await user.keyboard('p');
    await expect.poll(() => document.activeElement).toBe(screen.getByRole('region', { name: 'Dispute' }));
    expect(section.getByTestId('dispute-state')).toHaveTextContent('Lost');
  });

  it('shows a Team member the evidence without the buttons', async () => {
    const { section } = await openOrder('Team', false);
    expect(section.getByText('CLARA CHARGEBACK')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Submit to the bank' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Save at provider' })).not.toBeInTheDocument();
    expect(section.queryByRole('textbox', { name: 'Cover letter' })).not.toBeInTheDocument();
    expect(section.getByText(/the card was delivered\./)).toBeInTheDocument();
  });
});

describe('the ChargeBack queue', () => {
  it('lists the disputes by evidence due date, coloured as it nears, and sorts the other way on request', async () => {
    answerQueue('ChargeBack', []);
    const asked: string[] = [];
    const rows = [
      {
        ...dispute({
          id: 1,
          provider_dispute_id: 'du_soon',
          evidence_due_at: new Date(Date.now() + 5 * HOUR).toISOString(),
        }),
        customer_name: 'CLARA CHARGEBACK',
      },
      {
        ...dispute({
          id: 2,
          provider_dispute_id: 'du_later',
          reason: 'product_not_received',
          evidence_due_at: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
        }),
        customer_name: 'DAN LATER',
      },
    ];
    server.use(
      http.get('/api/admin/chargeback-disputes', ({ request }) => {
        const dir = new URL(request.url).searchParams.get('dir')!;
        asked.push(`${new URL(request.url).searchParams.get('sort')} ${dir}`);
        return okChecked(disputeRowSchema.array(), dir === 'asc' ? rows : [...rows].reverse());
      }),
    );
    const { user } = await renderStaffApp('/admin/chargeback', { as: 'Team' });
    const table = await screen.findByRole('table', { name: 'Disputes' });
    const body = () => within(table).getAllByRole('row').slice(1);
    expect(body().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'CLARA CHARGEBACK',
      'DAN LATER',
    ]);
    expect(body()[0]).toHaveClass('dispute-due-very-urgent');
    expect(body()[0]).toHaveTextContent('Evidence due in 4 h');
    expect(body()[0]).toHaveTextContent('Stripe');
    expect(body()[0]).toHaveTextContent('$49.00');
    expect(body()[0]).toHaveTextContent('Needs evidence');
    expect(body()[1]).not.toHaveClass('dispute-due-very-urgent');
    expect(body()[1]).toHaveTextContent('product_not_received');
    expect(screen.queryByRole('heading', { name: 'Unmatched disputes' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Evidence due/ }));
    await expect.poll(() => asked).toEqual(['due asc', 'due desc']);
    const sorted = await screen.findByRole('table', { name: 'Disputes' });
    await expect
      .poll(() =>
        within(sorted)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[1]!.textContent),
      )
      .toEqual(['DAN LATER', 'CLARA CHARGEBACK']);
  });

  it('lets an Admin link an unmatched dispute to an order', async () => {
    answerQueue('ChargeBack', []);
    let unmatched = [dispute({ id: 7, provider_dispute_id: 'du_orphan', order_id: null })];
    const links: unknown[] = [];
    server.use(
      http.get('/api/admin/unmatched-disputes', () => okChecked(disputeSchema.array(), unmatched)),
      http.post('/api/admin/link-dispute', async ({ request }) => {
        const body = (await request.json()) as { disputeId: number; orderId: number };
        links.push(body);
        unmatched = [];
        return okSaying(
          `Dispute linked to order ${body.orderId}.`,
          disputeSchema,
          dispute({ id: 7, order_id: body.orderId, linked_by: 'Ada Admin' }),
        );
      }),
    );
    const { user } = await renderStaffApp('/admin/chargeback', { as: 'Admin' });
    const list = await screen.findByRole('table', { name: 'Unmatched disputes' });
    await user.type(within(list).getByLabelText('Order id for Stripe dispute du_orphan'), '200001');
    await user.click(within(list).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Dispute linked to order 200001.')).toBeInTheDocument();
    expect(links).toEqual([{ disputeId: 7, orderId: 200001 }]);
    // Nothing waits any more: the line leaves the queue.
    await expect.poll(() => screen.queryByText(/matches no order/)).toBeNull();
  });

  it("follows the disputes live: a colleague's new dispute and submission show without reloading the page", async () => {
    answerQueue('ChargeBack', []);
    const live = liveStreamControl(MEMBERS.Team.id);
    let rows = [{ ...dispute({ id: 1, provider_dispute_id: 'du_first' }), customer_name: 'CLARA CHARGEBACK' }];
    server.use(
      live.handler,
      http.get('/api/admin/chargeback-disputes', () => okChecked(disputeRowSchema.array(), rows)),
    );
    await renderStaffApp('/admin/chargeback', { as: 'Team' });
    const table = await screen.findByRole('table', { name: 'Disputes' });
    const states = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map(
          (r) => `${within(r).getAllByRole('cell')[1]!.textContent}: ${within(r).getAllByRole('cell')[6]!.textContent}`,
        );
    expect(states()).toEqual(['CLARA CHARGEBACK: Needs evidence']);

    rows = [
      ...rows,
      { ...dispute({ id: 2, order_id: 200002, provider_dispute_id: 'du_second' }), customer_name: 'DAN LATER' },
    ];
    live.send('activity', activity(200002, 'Dispute received', { memberId: 0, name: '' }));
    await expect.poll(states).toEqual(['CLARA CHARGEBACK: Needs evidence', 'DAN LATER: Needs evidence']);

    rows = [
      {
        ...dispute({ id: 1, state: 'submitted', state_label: 'Submitted', submitted_by: ASHA.name }),
        customer_name: 'CLARA CHARGEBACK',
      },
      rows[1]!,
    ];
    live.send('activity', activity(order.order_id, 'Dispute evidence submitted to the bank'));
    await expect.poll(states).toEqual(['CLARA CHARGEBACK: Submitted', 'DAN LATER: Needs evidence']);
  });

  it("shows a Manager's own submission when the queue is opened again", async () => {
    answerQueue('ChargeBack', []);
    serveOrderPage(order);
    const state = { answer: { disputes: [dispute()], evidence, can_send: true } };
    serveDisputes(state);
    server.use(
      http.get('/api/admin/chargeback-disputes', () =>
        okChecked(disputeRowSchema.array(), [{ ...state.answer.disputes[0]!, customer_name: 'CLARA CHARGEBACK' }]),
      ),
    );
    const { user } = await renderStaffApp('/admin/chargeback', { as: 'Manager' });
    const row = async () =>
      within(await screen.findByRole('table', { name: 'Disputes' }))
        .getAllByRole('row')
        .slice(1)[0]!;
    expect(await row()).toHaveTextContent('Needs evidence');
    await user.click(within(await row()).getByRole('link', { name: String(order.order_id) }));
    const section = within(await screen.findByRole('region', { name: 'Dispute' }));
    await user.click(await section.findByRole('button', { name: 'Submit to the bank' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit to the bank' }));
    expect(await screen.findByText('Evidence submitted to the bank through Stripe.')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Chargeback/ }),
    );
    await expect.poll(async () => (await row()).textContent).toContain('Submitted');
  });

  it('leads a Manager from the Disputes card to the Disputes report', async () => {
    answerQueue('ChargeBack', []);
    serveReport([]);
    server.use(
      http.get('/api/admin/chargeback-disputes', () =>
        okChecked(disputeRowSchema.array(), [{ ...dispute(), customer_name: 'CLARA CHARGEBACK' }]),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/chargeback', { as: 'Manager' });
    await user.click(await screen.findByText('Unmatched disputes and the Disputes report'));
    await user.click(screen.getByRole('link', { name: 'Disputes report' }));
    expect(await screen.findByRole('heading', { name: 'Disputes Report' })).toBeInTheDocument();
    expect(location()).toBe('/admin/disputes-report');
  });

  it('leaves the queue the whole screen when no order in ChargeBack has a dispute and none waits to be linked', async () => {
    answerQueue('ChargeBack', [orderRow({ order_id: 200_001, process_status: 'ChargeBack' })]);
    const asked: string[] = [];
    server.use(
      http.get(
        '/api/admin/chargeback-disputes',
        () => (asked.push('disputes'), okChecked(disputeRowSchema.array(), [])),
      ),
      http.get('/api/admin/unmatched-disputes', () => (asked.push('unmatched'), okChecked(disputeSchema.array(), []))),
    );
    await renderStaffApp('/admin/chargeback', { as: 'Admin' });
    await screen.findByText('200001');
    await expect.poll(() => asked.sort()).toEqual(['disputes', 'unmatched']);
    expect(within(screen.getByRole('main')).queryByText(/dispute/i)).not.toBeInTheDocument();
  });

  it('shows an Admin one folded line while a dispute matches no order', async () => {
    answerQueue('ChargeBack', []);
    server.use(
      http.get('/api/admin/chargeback-disputes', () => okChecked(disputeRowSchema.array(), [])),
      http.get('/api/admin/unmatched-disputes', () =>
        okChecked(disputeSchema.array(), [dispute({ id: 7, provider_dispute_id: 'du_orphan', order_id: null })]),
      ),
    );
    const { user } = await renderStaffApp('/admin/chargeback', { as: 'Admin' });
    await user.click(await screen.findByText('1 payment dispute matches no order: link each to its order'));
    expect(
      within(screen.getByRole('table', { name: 'Unmatched disputes' })).getByText('Stripe dispute du_orphan'),
    ).toBeInTheDocument();
  });

  it('shows a Team member nothing of disputes while no order in ChargeBack has one', async () => {
    answerQueue('ChargeBack', []);
    let asked = 0;
    server.use(http.get('/api/admin/chargeback-disputes', () => (asked++, okChecked(disputeRowSchema.array(), []))));
    await renderStaffApp('/admin/chargeback', { as: 'Team' });
    await screen.findByRole('heading', { name: 'ChargeBack Orders' });
    await expect.poll(() => asked).toBe(1);
    expect(within(screen.getByRole('main')).queryByText(/dispute/i)).not.toBeInTheDocument();
  });
});

const reportRow = (fields: Partial<DisputesReportRow> = {}): DisputesReportRow => ({
  month: '2026-10',
  gateway: 'stripe',
  gateway_label: 'Stripe',
  currency: 'USD',
  received: 4,
  submitted_in_time: 3,
  won: 2,
  lost: 1,
  amount_recovered: '98.00',
  ...fields,
});

/** Serves the report's rows and records the months each request asked for (`from to`). */
function serveReport(rows: DisputesReportRow[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/admin/disputes-report', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(`${q.get('from')} ${q.get('to')}`);
      return okChecked(disputesReportRowSchema.array(), rows);
    }),
  );
  return asked;
}

const monthsApart = (from: string, to: string) =>
  Number(to.slice(0, 4)) * 12 + Number(to.slice(5)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5)));

describe('the Disputes report', () => {
  it("is in a Manager's sidebar, shows the last six months, then the months asked for", async () => {
    answerQueue('ChargeBack', []);
    const asked = serveReport([reportRow(), reportRow({ gateway: 'paypal', gateway_label: 'PayPal', won: 0 })]);
    const { user, location, back } = await renderStaffApp('/admin/chargeback', {
      as: 'Manager',
      user: { delay: null },
    });
    const sidebar = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar).getByRole('link', { name: 'Disputes Report' }));
    const table = await screen.findByRole('table', { name: 'Disputes report' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['2026-10', 'Stripe', 'USD', '4', '3', '2', '1', '98.00'],
      ['2026-10', 'PayPal', 'USD', '4', '3', '0', '1', '98.00'],
    ]);
    expect(asked).toHaveLength(1);
    const [from, to] = asked[0]!.split(' ') as [string, string];
    expect(monthsApart(from, to)).toBe(5);
    expect(to).toBe(new Date().toISOString().slice(0, 7));

    const fromField = () => screen.getByLabelText('From month');
    const toField = () => screen.getByLabelText('To month');
    await user.clear(fromField());
    await user.type(fromField(), '2026-01');
    await user.clear(toField());
    await user.type(toField(), '2026-03');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await expect.poll(() => asked.at(-1)).toBe('2026-01 2026-03');
    expect(location()).toBe('/admin/disputes-report?from=2026-01&to=2026-03');
    // The page drawn for its new address, its fields showing the months asked for.
    await screen.findByText('Disputes opened 2026-01 to 2026-03 (UTC), by month, provider and currency');
    expect(fromField()).toHaveValue('2026-01');
    expect(toField()).toHaveValue('2026-03');

    await user.clear(fromField());
    await user.type(fromField(), '2026-05');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The first month must not be after the last.')).toBeInTheDocument();
    expect(asked).toHaveLength(2);

    // Back: the page and its fields follow the address to the last six months, the half-typed months and their
    // error gone.
    await back();
    await screen.findByText(`Disputes opened ${from} to ${to} (UTC), by month, provider and currency`);
    expect(fromField()).toHaveValue(from);
    expect(toField()).toHaveValue(to);
    expect(screen.queryByText('The first month must not be after the last.')).not.toBeInTheDocument();
  });

  it('is refused to a Team member, whose sidebar has no link to it, and asks nothing', async () => {
    const asked = serveReport([reportRow()]);
    await renderStaffApp('/admin/disputes-report', { as: 'Team' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Disputes Report' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
