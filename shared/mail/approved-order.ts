/**
 * The WhatsApp message staff send from "View Email Content" when the finished arrival card is ready (product:
 * orders.md#mail): the link to the order's track page. The approved-order e-mail itself is the mail feature's, in
 * the order's language (server/features/mail/templates.ts).
 */
export interface ApprovedOrderMailInput {
  orderId: number;
  givenName: string;
  surname: string;
  siteName: string;
  supportEmail: string;
  trackUrl: string;
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
