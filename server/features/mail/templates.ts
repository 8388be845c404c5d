/**
 * The customer mails (product: orders.md#mail), each with an HTML and a plain-text
 * part, branded by the order's landing site. Every value passes through the
 * escaping `html` tag; subjects are reduced to one clean line.
 */
import { approvedOrderMail as sharedApprovedOrderMail } from '../../../shared/mail/approved-order';
import { headerText, html, safeUrl, SafeHtml } from './html';
import { pageRelativeUrl } from '../../lib/page-relative-url';

export interface Brand {
  name: string;
  domain: string;
  logoUrl: string;
  contactUrl: string;
  supportEmail: string;
  footerText: string;
}

export interface MailOrder {
  orderId: number;
  givenName: string;
  surname: string;
  email: string;
  processingMode: string;
  paymentAmount: string | null;
  paymentCurrency: string | null;
  paidAt: Date | string | null;
  refundDate: Date | string | null;
  paymentGateway: string | null;
  transactionId: string | null;
  merchantName: string | null;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface TemplateContext {
  brand: Brand;
  order: MailOrder;
  /** Absolute base of this server, for the logo and the track page. */
  publicBaseUrl: string;
  trackUrl: string;
  /**
   * A preview shown inside the back office, not a mail: images on this server by path, so the page's CSP
   * (img-src 'self') allows them under any host name the back office was opened with.
   */
  forPage?: boolean;
}

export const PROCESSING_MODE_LABELS: Record<string, string> = {
  standard: 'Standard processing',
  priority: 'Priority processing',
  future: 'Future order processing',
};

export function formatMoney(amount: string | null, currency: string | null): string {
  if (amount === null || !currency) return 'Not recorded';
  const value = Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.trim() }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency.trim()}`;
  }
}

export function formatDate(value: Date | string | null): string {
  if (!value) return 'Not recorded';
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(value),
  );
}

const customerName = (order: MailOrder) => `${order.givenName} ${order.surname}`.trim();

function absolute(url: string, base: string): string {
  return url.startsWith('/') ? `${base}${url}` : url;
}

/** The branded frame around every mail: logo and name on top, footer with contact details. */
export function layout(
  ctx: TemplateContext,
  title: string,
  body: SafeHtml,
  text: string[],
): { html: string; text: string } {
  const { brand } = ctx;
  const pagePath = ctx.forPage ? pageRelativeUrl(brand.logoUrl, ctx.publicBaseUrl) : '';
  const logo = pagePath.startsWith('/') ? pagePath : safeUrl(absolute(brand.logoUrl, ctx.publicBaseUrl));
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
      </head>
      <body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:6px"
              >
                <tr>
                  <td style="padding:20px 28px;border-bottom:3px solid #bc002d">
                    <img src="${logo}" alt="${brand.name}" height="36" style="vertical-align:middle;border:0" />
                    <span style="font-size:18px;font-weight:bold;vertical-align:middle;margin-left:8px"
                      >${brand.name}</span
                    >
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px;font-size:15px;line-height:1.55">${body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 28px;background:#f9fafb;font-size:12px;color:#616e7c;line-height:1.5">
                    <p style="margin:0 0 6px">
                      Questions? <a href="${safeUrl(brand.contactUrl)}" style="color:#bc002d">Contact us</a> or write to
                      <a href="${safeUrl(`mailto:${brand.supportEmail}`)}" style="color:#bc002d"
                        >${brand.supportEmail}</a
                      >.
                    </p>
                    <p style="margin:0">${brand.footerText}</p>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const plain = [
    brand.name,
    '',
    ...text,
    '',
    '--',
    `Questions? Contact us at ${brand.contactUrl} or write to ${brand.supportEmail}.`,
    brand.footerText,
  ].join('\n');
  return { html: page.value, text: plain + '\n' };
}

/**
 * The approved-order mail: the body the order detail page previews ("View Email
 * Content", shared/mail/approved-order.ts), inside the brand frame, with a note
 * naming the attached document. `fileName` null: the preview of an order with no
 * document yet, which says the document comes with the mail once uploaded (the
 * mail itself is only ever sent with one).
 */
export function approvedOrderMail(ctx: TemplateContext, fileName: string | null): MailContent {
  const { order, brand } = ctx;
  const inner = sharedApprovedOrderMail({
    orderId: order.orderId,
    givenName: order.givenName,
    surname: order.surname,
    siteName: brand.name,
    supportEmail: brand.supportEmail,
    trackUrl: ctx.trackUrl,
  });
  const subject = headerText(inner.subject);
  const noteText = fileName === null ? NO_DOCUMENT_YET_NOTE : `Your document is attached to this e-mail: ${fileName}`;
  const note =
    fileName === null
      ? html`<p style="margin:0 0 16px;padding:10px 14px;border:1px dashed #bc002d;border-radius:4px;font-size:14px">
          ${noteText}
        </p>`
      : html`<p style="margin:0 0 16px;padding:10px 14px;background:#f4f5f7;border-radius:4px;font-size:14px">
          Your document is attached to this e-mail: <strong>${fileName}</strong>
        </p>`;
  // inner.html escapes every value itself (see its tests), so it is trusted here.
  const body = html`${note}${new SafeHtml(inner.html)}`;
  const text = [noteText, '', inner.text];
  return { subject, ...layout(ctx, subject, body, text) };
}

/** The preview's note where the attachment's name goes, while the order has no document. */
export const NO_DOCUMENT_YET_NOTE =
  'No document is uploaded yet. This e-mail is sent when the document is uploaded, with the document attached here.';

/** The invoice mail; the PDF invoice is attached. */
export function invoiceMail(ctx: TemplateContext, invoiceNumber: string): MailContent {
  const { order } = ctx;
  const amount = formatMoney(order.paymentAmount, order.paymentCurrency);
  const subject = headerText(`Invoice ${invoiceNumber} for order ${order.orderId}`);
  const body = html`<p>Dear ${customerName(order)},</p>
    <p>
      Thank you for your order. Please find attached invoice <strong>${invoiceNumber}</strong> for order
      <strong>${order.orderId}</strong>.
    </p>
    <table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px">
      <tr>
        <td style="color:#616e7c">Service</td>
        <td>Japan Arrival Card preparation, ${PROCESSING_MODE_LABELS[order.processingMode] ?? order.processingMode}</td>
      </tr>
      <tr>
        <td style="color:#616e7c">Amount</td>
        <td>${amount}</td>
      </tr>
      <tr>
        <td style="color:#616e7c">Payment date</td>
        <td>${formatDate(order.paidAt)}</td>
      </tr>
    </table>
    <p>Kind regards,<br />${ctx.brand.name}</p>`;
  const text = [
    `Dear ${customerName(order)},`,
    '',
    `Thank you for your order. Please find attached invoice ${invoiceNumber} for order ${order.orderId}.`,
    '',
    `Service: Japan Arrival Card preparation, ${PROCESSING_MODE_LABELS[order.processingMode] ?? order.processingMode}`,
    `Amount: ${amount}`,
    `Payment date: ${formatDate(order.paidAt)}`,
    '',
    'Kind regards,',
    ctx.brand.name,
  ];
  return { subject, ...layout(ctx, subject, body, text) };
}

/** The refund confirmation sent by "Move to complete with refund mail". */
export function refundConfirmationMail(ctx: TemplateContext): MailContent {
  const { order } = ctx;
  const amount = formatMoney(order.paymentAmount, order.paymentCurrency);
  const subject = headerText(`Your refund for order ${order.orderId}`);
  const body = html`<p>Dear ${customerName(order)},</p>
    <p>
      We confirm that your payment of <strong>${amount}</strong> for order <strong>${order.orderId}</strong> has been
      refunded.
    </p>
    <p>Depending on your bank or card issuer, the refund can take 5 to 10 business days to appear on your statement.</p>
    <p>Kind regards,<br />${ctx.brand.name}</p>`;
  const text = [
    `Dear ${customerName(order)},`,
    '',
    `We confirm that your payment of ${amount} for order ${order.orderId} has been refunded.`,
    '',
    'Depending on your bank or card issuer, the refund can take 5 to 10 business days to appear on your statement.',
    '',
    'Kind regards,',
    ctx.brand.name,
  ];
  return { subject, ...layout(ctx, subject, body, text) };
}
