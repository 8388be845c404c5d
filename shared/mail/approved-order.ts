/**
 * The approved-order e-mail (product: orders.md#mail): what the customer receives
 * when the finished arrival card is ready, with the link to the order's track
 * page. Pure, so the mailer sends it and the order detail page previews exactly
 * the same text ("View Email Content"). Also the WhatsApp message staff send
 * from that preview.
 */
export interface ApprovedOrderMailInput {
  orderId: number;
  givenName: string;
  surname: string;
  siteName: string;
  supportEmail: string;
  trackUrl: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function approvedOrderMail(input: ApprovedOrderMailInput): { subject: string; html: string; text: string } {
  const name = `${input.givenName} ${input.surname}`.trim();
  const subject = `Your Japan Arrival Card is ready (order ${input.orderId})`;
  const e = {
    name: escapeHtml(name),
    site: escapeHtml(input.siteName),
    support: escapeHtml(input.supportEmail),
    url: escapeHtml(input.trackUrl),
  };
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#1f2a3d;line-height:1.5;max-width:600px">
<h2 style="color:#1d3557;margin:0 0 16px">Your Japan Arrival Card is ready</h2>
<p>Dear ${e.name},</p>
<p>Thank you for choosing ${e.site}. Your Japan arrival card application (order ${input.orderId}) has been completed and approved.</p>
<p>Download your arrival card from your order page:</p>
<p><a href="${e.url}" style="display:inline-block;background:#1d3557;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">Download your Japan Arrival Card</a></p>
<p style="word-break:break-all">Or open this link: <a href="${e.url}">${e.url}</a></p>
<p>On that page, enter your order ID <strong>${input.orderId}</strong> and the e-mail address you used on your application.</p>
<p>Keep the document on your phone or print it, and show it on arrival in Japan.</p>
<p>Questions? Reply to this e-mail or write to <a href="mailto:${e.support}">${e.support}</a>.</p>
<p>Kind regards,<br>The ${e.site} team</p>
</div>`;
  const text = [
    'Your Japan Arrival Card is ready',
    '',
    `Dear ${name},`,
    '',
    `Thank you for choosing ${input.siteName}. Your Japan arrival card application (order ${input.orderId}) has been completed and approved.`,
    '',
    `Download your arrival card from your order page: ${input.trackUrl}`,
    `On that page, enter your order ID ${input.orderId} and the e-mail address you used on your application.`,
    '',
    'Keep the document on your phone or print it, and show it on arrival in Japan.',
    '',
    `Questions? Reply to this e-mail or write to ${input.supportEmail}.`,
    '',
    'Kind regards,',
    `The ${input.siteName} team`,
  ].join('\n');
  return { subject, html, text };
}

/** A wa.me link to the customer's number (digits only) with the message prefilled. */
export function approvedOrderWhatsAppUrl(
  input: ApprovedOrderMailInput & { phoneCode: string; phoneNumber: string },
): string {
  const phone = `${input.phoneCode}${input.phoneNumber}`.replace(/\D/g, '');
  const message =
    `Hello ${input.givenName} ${input.surname}, your Japan Arrival Card (order ${input.orderId}) is ready. ` +
    `Download it here: ${input.trackUrl} (enter your order ID and the e-mail address you used). - ${input.siteName}`;
  return `https://wa.me/${phone}?text=${encodeURIComponent(message)}`;
}
