/**
 * Chargeback evidence on the order page: Defence Pack 1 (the mails) and 2 (the downloads) for an Admin or a Manager,
 * opened from the page's buttons or straight from the address (`?defencePack=1`, the ChargeBack queue's links); the
 * Download History and its Sent Mail; what a Team member sees instead.
 */
import { within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  defencePackSchema,
  sendDownloadHistoryResultSchema,
  type DefencePack,
} from '../../../../shared/schemas/defence-pack';
import type { Role } from '../../../../shared/roles';
import { okChecked } from '../../../test/answers';
import {
  defencePack,
  downloadEntry,
  emailHistory,
  mailEntry,
  orderDetail,
  orderPagePath,
  packMail,
} from '../../../test/fixtures/order-detail';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

const chargeback = orderDetail({
  process_status: 'ChargeBack',
  given_name: 'CLARA',
  surname: 'CHARGEBACK',
  email: 'clara@mail.example',
  downloadHistory: [downloadEntry()],
});

/** Answers each pack as the server builds it, and records what was asked for. */
function servePacks(packs: Record<1 | 2, DefencePack>) {
  const asked: unknown[] = [];
  server.use(
    http.post('/api/admin/defence-pack-details', async ({ request }) => {
      const body = (await request.json()) as { defencePackType: 1 | 2 };
      asked.push(body);
      return okChecked(defencePackSchema, packs[body.defencePackType]);
    }),
  );
  return asked;
}

async function openOrder(as: Role, search = '') {
  const state = serveOrderPage(chargeback);
  const app = await renderStaffApp(orderPagePath(chargeback.order_id, search), { as });
  await screen.findByRole('region', { name: 'Comment History' });
  return { ...app, state };
}

describe('defence packs', () => {
  it('opens Defence Pack 1 straight from the address, with the order summary and every sent mail', async () => {
    const asked = servePacks({
      1: defencePack(1, {
        mails: [
          packMail(),
          packMail({
            recipient: 'clara.billing@mail.example',
            kind: 'Invoice',
            attached_files: ['Invoice-INV-200001.pdf'],
          }),
        ],
      }),
      2: defencePack(2),
    });
    const { user, location } = await openOrder('Manager', '?defencePack=1');
    const pack = await screen.findByRole('dialog', { name: 'Defence Pack 1: Email History' });
    const mails = await within(pack).findByRole('table', { name: 'Email History' });
    expect(asked).toEqual([{ orderId: chargeback.order_id, defencePackType: 1 }]);
    expect(
      within(pack).getByText('Generated 03/05/2025 7:00:00 AM EST (2025-03-05 12:00:00 UTC) by Max Manager'),
    ).toBeInTheDocument();
    expect(within(pack).getByRole('heading', { name: 'Email History (2 sent mails)' })).toBeInTheDocument();
    const summary = within(within(pack).getByRole('table', { name: 'Order summary' }));
    for (const text of ['CLARA CHARGEBACK', 'clara@mail.example', 'TXN-778899', 'Arrival Services Ltd', '$49.00'])
      expect(summary.getByText(text)).toBeInTheDocument();
    const rows = within(mails).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('03/02/2025 10:00:09 AM EST');
    expect(rows[0]).toHaveTextContent('Transactional mail service (SMTP), kept in the local outbox');
    expect(rows[1]).toHaveTextContent('clara.billing@mail.example');
    expect(rows[1]).toHaveTextContent('Invoice-INV-200001.pdf');

    // Closed, the pack leaves the address: a reload does not open it again.
    await user.click(within(pack).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe(orderPagePath(chargeback.order_id));
  });

  it('opens Defence Pack 2 with the downloads, and prepares the pack afresh at each opening', async () => {
    const asked = servePacks({ 1: defencePack(1), 2: defencePack(2) });
    const { user } = await openOrder('Admin');
    await user.click(screen.getByRole('button', { name: 'Defence Pack 2' }));
    const pack = await screen.findByRole('dialog', { name: 'Defence Pack 2: Download History' });
    const downloads = await within(pack).findByRole('table', { name: 'Download History' });
    const row = within(downloads).getAllByRole('row')[1]!;
    for (const part of [
      '03/03/2025 8:02:03 PM EST',
      '2025-03-04 01:02:03 UTC',
      '203.0.113.77',
      'Pixel 8',
      'mobile',
      'Chrome 124',
      'Android 14',
      'Osaka, Japan',
    ])
      expect(row).toHaveTextContent(part);
    expect(within(pack).getByRole('heading', { name: 'Download History (1 download)' })).toBeInTheDocument();
    await user.click(within(pack).getAllByRole('button', { name: 'Close' }).at(-1)!);
    // Gone once its closing fade has ended: nothing of the closed pack is kept on the page.
    await expect.poll(() => document.querySelector('.dp-sheet')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Defence Pack 2' }));
    await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Download History' });
    expect(asked).toEqual([
      { orderId: chargeback.order_id, defencePackType: 2 },
      { orderId: chargeback.order_id, defencePackType: 2 },
    ]);
  });

  it('says so when there is nothing to list', async () => {
    servePacks({ 1: defencePack(1, { mails: [] }), 2: defencePack(2) });
    const { user } = await openOrder('Manager');
    await user.click(screen.getByRole('button', { name: 'Defence Pack 1' }));
    const pack = await screen.findByRole('dialog', { name: 'Defence Pack 1: Email History' });
    expect(await within(pack).findByText('No e-mail has been sent for this order.')).toBeInTheDocument();
    expect(within(pack).queryByRole('table', { name: 'Email History' })).not.toBeInTheDocument();
  });
});

describe('Download History', () => {
  it('lists the customer downloads, newest first, with the place and the time in the staff zone', async () => {
    await openOrder('Manager');
    const table = within(screen.getByRole('region', { name: 'Download History' })).getByTestId('download-history');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('2025-03-03 20:02:03');
    expect(row).toHaveTextContent('200001_file1.pdf');
    expect(row).toHaveTextContent('203.0.113.77');
    expect(row).toHaveTextContent('Osaka, Japan');
  });

  it('mails the download history to the address typed, refusing a bad one, and the mail joins the Email History', async () => {
    const { user, state } = await openOrder('Manager');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/send-download-history', async ({ request }) => {
        const body = (await request.json()) as { orderId: number; email: string };
        bodies.push(body);
        state.emails = emailHistory({
          mailHistory: [
            mailEntry({
              kind: 'download_history',
              to_address: body.email,
              uploadDoc: { id: null, file1: null, mail_service_provider: 'smtp' },
              attachments: [{ index: 0, filename: 'Defence-Pack-2-200001.pdf' }],
            }),
          ],
        });
        return okSaying(
          `Mail queued: the download history of order ${body.orderId} will be sent to ${body.email}.`,
          sendDownloadHistoryResultSchema,
          { mailId: 77, downloads: 1 },
        );
      }),
    );
    const section = within(screen.getByRole('region', { name: 'Download History' }));
    await user.type(section.getByLabelText('Email'), 'not-an-address');
    await user.click(section.getByRole('button', { name: 'Sent Mail' }));
    expect(await section.findByText('Invalid email address')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(section.getByLabelText('Email'));
    await user.type(section.getByLabelText('Email'), 'disputes@bank.example');
    await user.click(section.getByRole('button', { name: 'Sent Mail' }));
    expect(
      await screen.findByText(
        `Mail queued: the download history of order ${chargeback.order_id} will be sent to disputes@bank.example.`,
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: chargeback.order_id, email: 'disputes@bank.example' }]);
    expect(section.getByLabelText('Email')).toHaveValue('');
    expect(await within(screen.getByTestId('email-history')).findByText('disputes@bank.example')).toBeInTheDocument();
  });

  it('shows a Team member the downloads, but no Defence Pack buttons, no pack from the address and no Sent Mail', async () => {
    const asked = servePacks({ 1: defencePack(1), 2: defencePack(2) });
    await openOrder('Team', '?defencePack=1');
    const section = within(screen.getByRole('region', { name: 'Download History' }));
    expect(section.getByText('203.0.113.77')).toBeInTheDocument();
    expect(section.getByText('Only an Admin or a Manager can mail the download history.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Sent Mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Defence Pack/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
