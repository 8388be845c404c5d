/**
 * Documents and mail as a member uses them: Upload Document and the Email History on the order page (the spec's
 * messages, a server refusal under its field, a sent upload and a resend in the history), Send Invoice and the
 * Admin's Mail outbox.
 */
import { within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  mailHistoryEntrySchema,
  mailQueuedSchema,
  outboxMailSchema,
  sendInvoiceResultSchema,
  uploadDocumentResultSchema,
} from '../../../../shared/schemas/mail';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { ok, refused } from '../../../test/answers';
import {
  emailHistory,
  mailEntry,
  orderDetail,
  orderPagePath,
  outboxMail,
  uploadDocEntry,
} from '../../../test/fixtures/order-detail';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

const region = (name: string) => screen.getByRole('region', { name });

async function openOrder(order: OrderDetail, emails = emailHistory()) {
  const state = serveOrderPage(order, emails);
  const app = await renderStaffApp(orderPagePath(order.order_id), { as: 'Admin', user: { delay: null } });
  await screen.findByRole('region', { name: 'Comment History' });
  return { ...app, state };
}

const pdf = (name = 'hana-card.pdf') => new File(['%PDF-1.4 a card'], name, { type: 'application/pdf' });

describe('Upload Document', () => {
  it('starts from the order id and the customer address, and asks for an address and a file', async () => {
    const order = orderDetail({ email: 'hana@mail.example' });
    const { user } = await openOrder(order);
    const upload = within(region('Upload Document'));
    expect(upload.getByLabelText('Order ID')).toHaveValue(String(order.order_id));
    expect(upload.getByLabelText('Email')).toHaveValue('hana@mail.example');
    expect(upload.queryByRole('button', { name: 'Download File' })).not.toBeInTheDocument();

    await user.clear(upload.getByLabelText('Email'));
    await user.click(upload.getByRole('button', { name: /via Transactional mail service/ }));
    expect(await upload.findByText('Please enter your email')).toBeInTheDocument();
    expect(upload.getByText('File is required')).toBeInTheDocument();
  });

  it('shows the server refusing a file under the file field', async () => {
    server.use(
      http.post('/api/admin/upload-visa-document', () =>
        refused(400, 'Only PDF, PNG, JPEG or WebP files are accepted', {
          uploadVisaDoc: 'Only PDF, PNG, JPEG or WebP files are accepted',
        }),
      ),
    );
    const { user } = await openOrder(orderDetail());
    const upload = within(region('Upload Document'));
    const file = upload.getByLabelText(/^Document/);
    await user.upload(file, new File(['this is not a pdf'], 'fake.pdf', { type: 'application/pdf' }));
    await user.click(upload.getByRole('button', { name: /via Cloud mail service/ }));
    await expect
      .poll(() => file.nextElementSibling?.textContent)
      .toBe('Only PDF, PNG, JPEG or WebP files are accepted');
    expect(file).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the document with the address and provider chosen; the mail shows in the Email History, queued then sent', async () => {
    const order = orderDetail({ email: 'hana@mail.example' });
    const { user, state } = await openOrder(order);
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('/api/admin/upload-visa-document', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('uploadVisaDoc') as File;
        sent.push({
          orderId: String(form.get('orderId')),
          email: String(form.get('email')),
          mailServiceProvider: String(form.get('mailServiceProvider')),
          fileName: file.name,
          file: await file.text(),
        });
        const doc = uploadDocEntry({ order_id: order.order_id });
        const mail = mailEntry({
          order_id: order.order_id,
          to_address: String(form.get('email')),
          status: 'queued',
          attempts: 0,
          sent_at: null,
          delivered_via: null,
          uploadDoc: { id: doc.id, file1: doc.file1, mail_service_provider: 'smtp' },
        });
        state.emails = emailHistory({ mailHistory: [mail], uploadDoc: doc, documents: [doc] });
        return okSaying(
          `Document uploaded. The mail to ${String(form.get('email'))} has been queued.`,
          uploadDocumentResultSchema,
          { uploadDoc: doc, mailId: mail.id },
        );
      }),
    );
    const upload = within(region('Upload Document'));
    await user.clear(upload.getByLabelText('Email'));
    await user.type(upload.getByLabelText('Email'), 'hana.b@mail.example');
    await user.upload(upload.getByLabelText(/^Document/), pdf());
    await user.click(upload.getByRole('button', { name: /via Transactional mail service/ }));

    expect(
      await screen.findByText('Document uploaded. The mail to hana.b@mail.example has been queued.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        orderId: String(order.order_id),
        email: 'hana.b@mail.example',
        mailServiceProvider: 'smtp',
        fileName: 'hana-card.pdf',
        file: '%PDF-1.4 a card',
      },
    ]);
    const history = within(screen.getByTestId('email-history'));
    const row = (await history.findByRole('button', { name: `${order.order_id}_file1.pdf` })).closest('tr')!;
    expect(row).toHaveTextContent('hana.b@mail.example');
    expect(within(row).getByText('Queued')).toBeInTheDocument();
    // The file picker is empty again, and the document can be downloaded.
    expect((upload.getByLabelText(/^Document/) as HTMLInputElement).files).toHaveLength(0);
    expect(upload.getByRole('button', { name: 'Download File' })).toBeInTheDocument();

    // The history asks again while a mail is on its way: the worker's delivery shows without a click.
    state.emails = {
      ...state.emails,
      mailHistory: state.emails.mailHistory.map((m) =>
        mailHistoryEntrySchema.parse({ ...m, status: 'sent', attempts: 1, delivered_via: 'outbox' }),
      ),
    };
    const sentRow = await history.findByText('Sent', {}, { timeout: 5000 });
    expect(sentRow.closest('tr')).toHaveTextContent('SMTP (local outbox)');
  });
});

describe('Email History', () => {
  it('resends to another address, refusing a bad one first, and lists the new mail', async () => {
    const order = orderDetail({ email: 'resend@mail.example' });
    const first = mailEntry({ order_id: order.order_id, to_address: 'resend@mail.example' });
    const { user, state } = await openOrder(order, emailHistory({ mailHistory: [first] }));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/resend-mail', async ({ request }) => {
        const body = (await request.json()) as { email: string; mailServiceProvider: 'ses' | 'smtp' };
        bodies.push(body);
        const again = mailEntry({
          order_id: order.order_id,
          kind: 'resend',
          to_address: body.email,
          mail_service_provider: body.mailServiceProvider,
          delivered_via: body.mailServiceProvider,
          create_ts: '2026-11-22T10:00:00.000Z',
        });
        state.emails = { ...state.emails, mailHistory: [again, ...state.emails.mailHistory] };
        return okSaying(`Mail queued: the document will be resent to ${body.email}.`, mailQueuedSchema, {
          mailId: again.id,
        });
      }),
    );
    const history = within(region('Email History'));
    expect(history.getAllByRole('row')).toHaveLength(2); // the heading and the first mail
    await user.clear(history.getByLabelText('Email'));
    await user.type(history.getByLabelText('Email'), 'not-an-address');
    await user.click(history.getByRole('button', { name: /^Resend via Transactional mail service/ }));
    expect(await history.findByText('Invalid email address')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(history.getByLabelText('Email'));
    await user.type(history.getByLabelText('Email'), 'second@mail.example');
    await user.click(history.getByRole('button', { name: /^Resend via Cloud mail service/ }));
    expect(
      await screen.findByText('Mail queued: the document will be resent to second@mail.example.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: order.order_id, email: 'second@mail.example', mailServiceProvider: 'ses' }]);
    await expect.poll(() => history.getAllByRole('row')).toHaveLength(3);
    expect(history.getAllByRole('row')[1]).toHaveTextContent('second@mail.example');
  });

  it('retries a failed mail and says why it failed', async () => {
    const order = orderDetail();
    const failed = mailEntry({
      order_id: order.order_id,
      status: 'failed',
      attempts: 5,
      last_error: 'SMTP 550: mailbox unavailable',
    });
    const { user } = await openOrder(order, emailHistory({ mailHistory: [failed] }));
    const retried: unknown[] = [];
    server.use(
      http.post('/api/admin/retry-mail', async ({ request }) => {
        retried.push(await request.json());
        return okSaying('The mail is queued again.', mailHistoryEntrySchema, { ...failed, status: 'queued' });
      }),
    );
    const history = within(region('Email History'));
    expect(history.getByText('SMTP 550: mailbox unavailable')).toBeInTheDocument();
    await user.click(history.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The mail is queued again.')).toBeInTheDocument();
    expect(retried).toEqual([{ mailId: failed.id }]);
  });
});

describe('Send Invoice', () => {
  it('checks the order id as the spec says, shows the server refusing an unknown order, and mails the invoice', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/send-invoice', async ({ request }) => {
        const body = (await request.json()) as { orderId: string };
        bodies.push(body);
        if (body.orderId === '999999')
          return refused(404, 'Order 999999 was not found.', { orderId: 'Order 999999 was not found.' });
        return okSaying(
          `Invoice INV-${body.orderId} for order ${body.orderId} has been queued for inv@mail.example.`,
          sendInvoiceResultSchema,
          { mailId: 9, email: 'inv@mail.example', invoiceNumber: `INV-${body.orderId}` },
        );
      }),
    );
    const { user } = await renderStaffApp('/admin/send-invoice', { as: 'Team', user: { delay: null } });
    expect(await screen.findByRole('heading', { name: 'Send Invoice' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send Invoice' });
    const field = screen.getByLabelText('Order ID');

    await user.click(send);
    expect(await screen.findByText('Please enter your order id.')).toBeInTheDocument();
    await user.type(field, '12345');
    await user.click(send);
    expect(await screen.findByText('Order Id must be at least 6 characters.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(field);
    await user.type(field, '999999');
    await user.click(send);
    expect(await screen.findAllByText('Order 999999 was not found.')).not.toHaveLength(0);

    await user.clear(field);
    await user.type(field, '200001');
    await user.click(send);
    expect(
      await screen.findByText('Invoice INV-200001 for order 200001 has been queued for inv@mail.example.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: '999999' }, { orderId: '200001' }]);
    expect(field).toHaveValue('');
  });
});

describe('Mail outbox', () => {
  it('shows an Admin the mails kept on the server as the customer would see them, in HTML and plain text', async () => {
    const asked: string[] = [];
    const mail = outboxMail({ order_id: 200_001, to_address: 'hana.b@mail.example' });
    const failed = outboxMail({
      order_id: 200_002,
      status: 'failed',
      subject: 'Invoice INV-200002',
      last_error: 'SES: address rejected',
    });
    server.use(
      http.get('/api/admin/mail-outbox', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const rows = url.searchParams.get('filter') === 'failed' ? [failed] : [mail];
        return ok(outboxMailSchema.array().parse(rows), { totalRecords: rows.length });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/mail-outbox', { as: 'Admin' });
    const list = within(await screen.findByTestId('outbox-list'));
    expect(await list.findByText('Your Japan Arrival Card is ready (order 200001)')).toBeInTheDocument();
    const view = within(screen.getByTestId('outbox-mail'));
    expect(view.getByText('hana.b@mail.example')).toBeInTheDocument();
    expect(view.getByTitle('Mail: Your Japan Arrival Card is ready (order 200001)').getAttribute('srcdoc')).toContain(
      'Download your Japan Arrival Card',
    );
    await user.click(view.getByRole('button', { name: 'Plain text' }));
    expect(view.getByText(/Your document is attached to this e-mail: 200001_file1\.pdf/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    expect(await list.findByText('Invoice INV-200002')).toBeInTheDocument();
    expect(location()).toBe('/admin/mail-outbox?filter=failed');
    expect(asked).toEqual(['?filter=outbox&page=1&limit=10', '?filter=failed&page=1&limit=10']);
    expect(within(screen.getByTestId('outbox-mail')).getByText('SES: address rejected')).toBeInTheDocument();
  });

  it('is not for a Manager', async () => {
    await renderStaffApp('/admin/mail-outbox', { as: 'Manager' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
  });
});
