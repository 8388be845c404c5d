/**
 * The order page's Customer Language (product: languages.md#order-language): shown in English, changed with Save
 * (the server's answer refreshes the order), and the mail preview says which language the customer reads.
 */
import { within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  approvedMailPreviewSchema,
  orderLocaleResultSchema,
  type OrderDetail,
} from '../../../../shared/schemas/order-detail';
import { okChecked } from '../../../test/answers';
import { orderDetail, orderPagePath } from '../../../test/fixtures/order-detail';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

async function openOrder(order: OrderDetail) {
  const state = serveOrderPage(order);
  const app = await renderStaffApp(orderPagePath(order.order_id), { as: 'Telecaller', user: { delay: null } });
  await screen.findByRole('region', { name: 'Comment History' });
  return { ...app, state };
}

describe('the customer language on the order page', () => {
  it('shows the language, saves a new one with its message and shows the order as the server now has it', async () => {
    const order = orderDetail({ locale: 'ko' });
    const sent: unknown[] = [];
    const { user, state } = await openOrder(order);
    server.use(
      http.put('/api/admin/order-locale', async ({ request }) => {
        const body = (await request.json()) as { orderId: number; locale: OrderDetail['locale'] };
        sent.push(body);
        state.order = { ...state.order, locale: body.locale };
        return okSaying('Customer language saved.', orderLocaleResultSchema, { locale: body.locale });
      }),
    );
    const language = within(screen.getByRole('region', { name: 'Order Details' })).getByRole('combobox', {
      name: 'Customer Language',
    });
    expect(language).toHaveValue('ko');
    expect(within(language).getByRole('option', { selected: true })).toHaveTextContent('Korean (한국어)');
    const save = screen.getByRole('button', { name: 'Save Language' });
    expect(save).toBeDisabled();

    await user.selectOptions(language, 'zh-Hant');
    await user.click(save);
    expect(await screen.findByText('Customer language saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ orderId: order.order_id, locale: 'zh-Hant' }]);
    await expect.poll(() => screen.getByRole('button', { name: 'Save Language' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Customer Language' })).toHaveValue('zh-Hant');
  });

  it("names the preview's language beside the mail the customer will read", async () => {
    const order = orderDetail({ locale: 'th' });
    server.use(
      http.get(`/api/admin/approved-mail-preview/${order.order_id}`, () =>
        okChecked(approvedMailPreviewSchema, {
          to: order.email,
          from_name: 'Visit Japan Card',
          reply_to: 'help@visit-japan-card.example',
          subject: `บัตรขาเข้าญี่ปุ่นของคุณพร้อมแล้ว (คำสั่งซื้อ ${order.order_id})`,
          html: '<html lang="th"><head></head><body><p>เรียน คุณEMILY TANAKA-SMITH</p></body></html>',
          track_url: order.track_url,
          has_document: true,
          locale: 'th',
        }),
      ),
    );
    const { user } = await openOrder(order);
    await user.click(screen.getByRole('button', { name: 'View Email Content' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Thai (ไทย)')).toBeInTheDocument();
    expect(within(dialog).getByText(`บัตรขาเข้าญี่ปุ่นของคุณพร้อมแล้ว (คำสั่งซื้อ ${order.order_id})`)).toBeInTheDocument();
    expect(within(dialog).getByTitle('Email preview').getAttribute('srcdoc')).toContain('<html lang="th">');
  });
});
