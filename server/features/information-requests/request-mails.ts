/**
 * The customer's mails of a request for information (product: information-requests.md#mails): the request and its
 * reminders, in the brand frame of the mail feature. They name the answers asked (labels) and carry the staff note
 * and the link; never an answer's value. The link's token rides in the address's fragment, which no browser sends to
 * a server, so no access log, proxy or Referer header sees it (product: information-requests.md#token). Written in the
 * order's language (product: languages.md#order-language); the answers' labels and the note stay as staff wrote them.
 */
import { formatDate, headerText, html, layout, mailText, type MailContent, type TemplateContext } from '../mail';

/** The answer page's address for a token: the token after `#`. */
export const answerPageUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/answer-request#${token}`;

export interface RequestMailInput {
  labels: string[];
  note: string;
  link: string;
  expiresAt: Date;
  /** 0: the request; 1, 2: its reminders. */
  reminder: 0 | 1 | 2;
}

const customerName = (ctx: TemplateContext) => `${ctx.order.givenName} ${ctx.order.surname}`.trim();

export function informationRequestMail(ctx: TemplateContext, input: RequestMailInput): MailContent {
  const t = mailText(ctx.locale);
  const orderId = String(ctx.order.orderId);
  const subject = headerText(t.text(input.reminder === 0 ? 'request.subject' : 'request.reminderSubject', { orderId }));
  const opening = t.text(input.reminder === 0 ? 'request.opening' : 'request.reminderOpening');
  const validity = { until: formatDate(input.expiresAt, t), orderId };
  const body = html`<p>${t.html('common.dear', { name: customerName(ctx) })}</p>
    <p>${opening}</p>
    <ul>
      ${input.labels.map((label) => html`<li>${label}</li>`)}
    </ul>
    <p style="margin:0 0 6px;color:#616e7c">${t.text('request.note')}</p>
    <p style="margin:0 0 16px;padding:10px 14px;background:#f4f5f7;border-radius:4px;white-space:pre-wrap">
      ${input.note}
    </p>
    <p>
      <a
        href="${input.link}"
        style="display:inline-block;padding:10px 18px;background:#bc002d;color:#ffffff;border-radius:4px;text-decoration:none"
        >${t.text('request.button')}</a
      >
    </p>
    <p style="font-size:13px;color:#616e7c">${t.html('request.until', validity)}</p>
    <p>${t.html('common.regards')}<br />${ctx.brand.name}</p>`;
  const text = [
    t.text('common.dear', { name: customerName(ctx) }),
    '',
    opening,
    ...input.labels.map((label) => `- ${label}`),
    '',
    t.text('request.note'),
    input.note,
    '',
    `${t.text('request.button')}: ${input.link}`,
    t.text('request.until', validity),
    '',
    t.text('common.regards'),
    ctx.brand.name,
  ];
  return { subject, ...layout(ctx, subject, body, text, t) };
}
