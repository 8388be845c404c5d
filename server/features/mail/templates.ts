/**
 * The customer mails (product: orders.md#mail), each with an HTML and a plain-text
 * part, branded by the order's landing site and written in the order's language
 * (product: languages.md#order-language). Every value passes through the
 * escaping `html` tag; subjects are reduced to one clean line.
 */
import { arrivalDayCard } from '../../../shared/arrival-day';
import type { Locale } from '../../../shared/i18n/locales';
import { headerText, html, safeUrl, SafeHtml } from './html';
import { mailText, type MailText } from './mail-messages';
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
  /** The arrival in Japan, a calendar date (the document mail's arrival-day card). */
  arrival: { year: number; month: number; day: number };
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface TemplateContext {
  brand: Brand;
  order: MailOrder;
  /** The order's language: the customer mails are written in it. */
  locale: Locale;
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

/** An amount in the language's way (English: as en-US writes it). */
export function formatMoney(amount: string | null, currency: string | null, t: MailText = mailText('en')): string {
  if (amount === null || !currency) return t.text('common.notRecorded');
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(t.locale === 'en' ? 'en-US' : t.locale, {
      style: 'currency',
      currency: currency.trim(),
    }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency.trim()}`;
  }
}

/** A day in the language's way (English: "05 March 2026", as en-GB writes it). */
export function formatDate(value: Date | string | null, t: MailText = mailText('en')): string {
  if (!value) return t.text('common.notRecorded');
  const options =
    t.locale === 'en'
      ? ({ day: '2-digit', month: 'long', year: 'numeric' } as const)
      : ({ dateStyle: 'long' } as const);
  return new Intl.DateTimeFormat(t.locale === 'en' ? 'en-GB' : t.locale, { ...options, timeZone: 'UTC' }).format(
    new Date(value),
  );
}

const customerName = (order: MailOrder) => `${order.givenName} ${order.surname}`.trim();

function absolute(url: string, base: string): string {
  return url.startsWith('/') ? `${base}${url}` : url;
}

/**
 * The branded frame around every mail: logo and name on top, footer with contact details, in `language` (English
 * unless a customer mail names the order's).
 */
export function layout(
  ctx: TemplateContext,
  title: string,
  body: SafeHtml,
  text: string[],
  language: MailText = mailText('en'),
): { html: string; text: string } {
  const { brand } = ctx;
  const link = (href: string) => (inner: SafeHtml) =>
    html`<a href="${safeUrl(href)}" style="color:#bc002d">${inner}</a>`;
  const pagePath = ctx.forPage ? pageRelativeUrl(brand.logoUrl, ctx.publicBaseUrl) : '';
  const logo = pagePath.startsWith('/') ? pagePath : safeUrl(absolute(brand.logoUrl, ctx.publicBaseUrl));
  const page = html`<!doctype html>
    <html lang="${language.locale}">
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
                      ${language.html(
                        'frame.questions',
                        { supportEmail: brand.supportEmail },
                        { contact: link(brand.contactUrl), mail: link(`mailto:${brand.supportEmail}`) },
                      )}
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
    language.text('frame.questionsText', { contactUrl: brand.contactUrl, supportEmail: brand.supportEmail }),
    brand.footerText,
  ].join('\n');
  return { html: page.value, text: plain + '\n' };
}

/** The preview's note where the attachment's name goes, while the order has no document (English). */
export const NO_DOCUMENT_YET_NOTE = mailText('en').text('approved.noDocumentYet');

/**
 * The arrival-day card of the document mail (product: languages.md#arrival-card), while it is due: what to have
 * ready on landing and when. Static text, nothing loaded from another host.
 */
function arrivalCard(ctx: TemplateContext, t: MailText, now: Date): { html: SafeHtml; text: string[] } | null {
  const card = arrivalDayCard(ctx.order.arrival, now);
  if (!card) return null;
  const when = { arrival: card.arrival };
  const countdown = card.daysUntil >= 0 ? { days: card.daysUntil } : null;
  const items = (['arrival.document', 'arrival.passport', 'arrival.customs'] as const).map((id) => t.text(id));
  const site = { site: ctx.brand.name };
  return {
    html: html`<table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="margin:0 0 16px;border:1px solid #d9dee7;border-radius:6px;background:#f9fafb"
    >
      <tr>
        <td style="padding:14px 18px;font-size:14px">
          <p style="margin:0 0 8px;font-size:16px;font-weight:bold">${t.text('arrival.heading')}</p>
          <p style="margin:0 0 8px">
            ${t.html('arrival.when', when)}${countdown ? html` ${t.html('arrival.countdown', countdown)}` : ''}
          </p>
          <p style="margin:0 0 4px">${t.html('arrival.haveReady')}</p>
          <ul style="margin:0 0 8px;padding-left:20px">
            ${items.map((item) => html`<li>${item}</li>`)}
          </ul>
          <p style="margin:0 0 8px">${t.html('arrival.show')}</p>
          <p style="margin:0;font-size:12px;color:#616e7c">${t.html('arrival.notGovernment', site)}</p>
        </td>
      </tr>
    </table>`,
    text: [
      t.text('arrival.heading'),
      [t.text('arrival.when', when), countdown ? t.text('arrival.countdown', countdown) : ''].join(' ').trim(),
      t.text('arrival.haveReady'),
      ...items.map((item) => `- ${item}`),
      t.text('arrival.show'),
      t.text('arrival.notGovernment', site),
      '',
    ],
  };
}

/**
 * The approved-order mail (product: orders.md#mail): the finished document is ready, with the link to the order's
 * track page and, while it is due, the arrival-day card; a note names the attached document. "View Email Content"
 * previews exactly this. `fileName` null: the preview of an order with no document yet, which says the document
 * comes with the mail once uploaded (the mail itself is only ever sent with one).
 */
export function approvedOrderMail(ctx: TemplateContext, fileName: string | null, now = new Date()): MailContent {
  const { order, brand } = ctx;
  const t = mailText(ctx.locale);
  // The track page opens in the mail's language (product: languages.md#choice).
  const trackUrl = ctx.locale === 'en' ? ctx.trackUrl : `${ctx.trackUrl}?lang=${ctx.locale}`;
  const orderId = String(order.orderId);
  const site = { site: brand.name };
  const subject = headerText(t.text('approved.subject', { orderId }));
  const mailLink = (inner: SafeHtml) => html`<a href="${safeUrl(`mailto:${brand.supportEmail}`)}">${inner}</a>`;
  const card = arrivalCard(ctx, t, now);
  const note =
    fileName === null
      ? html`<p style="margin:0 0 16px;padding:10px 14px;border:1px dashed #bc002d;border-radius:4px;font-size:14px">
          ${t.html('approved.noDocumentYet')}
        </p>`
      : html`<p style="margin:0 0 16px;padding:10px 14px;background:#f4f5f7;border-radius:4px;font-size:14px">
          ${t.html('approved.attached', { fileName })}
        </p>`;
  const body = html`${note}
    <div style="font-family:Arial,Helvetica,sans-serif;color:#1f2a3d;line-height:1.5;max-width:600px">
      <h2 style="color:#1d3557;margin:0 0 16px">${t.text('approved.heading')}</h2>
      <p>${t.html('common.dear', { name: customerName(order) })}</p>
      <p>${t.html('approved.thanks', { ...site, orderId })}</p>
      <p>${t.html('approved.downloadFrom')}</p>
      <p>
        <a
          href="${safeUrl(trackUrl)}"
          style="display:inline-block;background:#1d3557;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none"
          >${t.text('approved.button')}</a
        >
      </p>
      <p style="word-break:break-all">${t.html('approved.orOpen')} <a href="${safeUrl(trackUrl)}">${trackUrl}</a></p>
      <p>${t.html('approved.enter', { orderId })}</p>
      <p>${t.html('approved.keep')}</p>
      ${card?.html ?? ''}
      <p>${t.html('approved.questions', { supportEmail: brand.supportEmail }, { mail: mailLink })}</p>
      <p>${t.html('common.regards')}<br />${t.html('approved.team', site)}</p>
    </div>`;
  const text = [
    fileName === null ? t.text('approved.noDocumentYet') : t.text('approved.attached', { fileName }),
    '',
    t.text('approved.heading'),
    '',
    t.text('common.dear', { name: customerName(order) }),
    '',
    t.text('approved.thanks', { ...site, orderId }),
    '',
    `${t.text('approved.downloadFrom')} ${trackUrl}`,
    t.text('approved.enter', { orderId }),
    '',
    t.text('approved.keep'),
    '',
    ...(card?.text ?? []),
    t.text('approved.questions', { supportEmail: brand.supportEmail }),
    '',
    t.text('common.regards'),
    t.text('approved.team', site),
  ];
  return { subject, ...layout(ctx, subject, body, text, t) };
}

/** The invoice mail; the PDF invoice is attached. */
export function invoiceMail(ctx: TemplateContext, invoiceNumber: string): MailContent {
  const { order } = ctx;
  const t = mailText(ctx.locale);
  const amount = formatMoney(order.paymentAmount, order.paymentCurrency, t);
  const numbers = { invoiceNumber, orderId: String(order.orderId) };
  const service = t.text('invoice.serviceValue', { mode: order.processingMode });
  const paid = formatDate(order.paidAt, t);
  const subject = headerText(t.text('invoice.subject', numbers));
  const body = html`<p>${t.html('common.dear', { name: customerName(order) })}</p>
    <p>${t.html('invoice.thanks', numbers)}</p>
    <table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px">
      <tr>
        <td style="color:#616e7c">${t.text('invoice.service')}</td>
        <td>${service}</td>
      </tr>
      <tr>
        <td style="color:#616e7c">${t.text('invoice.amount')}</td>
        <td>${amount}</td>
      </tr>
      <tr>
        <td style="color:#616e7c">${t.text('invoice.paymentDate')}</td>
        <td>${paid}</td>
      </tr>
    </table>
    <p>${t.html('common.regards')}<br />${ctx.brand.name}</p>`;
  const text = [
    t.text('common.dear', { name: customerName(order) }),
    '',
    t.text('invoice.thanks', numbers),
    '',
    `${t.text('invoice.service')}: ${service}`,
    `${t.text('invoice.amount')}: ${amount}`,
    `${t.text('invoice.paymentDate')}: ${paid}`,
    '',
    t.text('common.regards'),
    ctx.brand.name,
  ];
  return { subject, ...layout(ctx, subject, body, text, t) };
}

/** The refund confirmation sent by "Move to complete with refund mail". */
export function refundConfirmationMail(ctx: TemplateContext): MailContent {
  const { order } = ctx;
  const t = mailText(ctx.locale);
  const values = { amount: formatMoney(order.paymentAmount, order.paymentCurrency, t), orderId: String(order.orderId) };
  const subject = headerText(t.text('refund.subject', { orderId: values.orderId }));
  const body = html`<p>${t.html('common.dear', { name: customerName(order) })}</p>
    <p>${t.html('refund.confirm', values)}</p>
    <p>${t.html('refund.delay')}</p>
    <p>${t.html('common.regards')}<br />${ctx.brand.name}</p>`;
  const text = [
    t.text('common.dear', { name: customerName(order) }),
    '',
    t.text('refund.confirm', values),
    '',
    t.text('refund.delay'),
    '',
    t.text('common.regards'),
    ctx.brand.name,
  ];
  return { subject, ...layout(ctx, subject, body, text, t) };
}
