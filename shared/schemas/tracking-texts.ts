/**
 * The public tracking site's texts and rules that the pages need without zod (the public pages load no
 * schema library); tracking.ts builds the server's schemas from the same values.
 */
export const TRACK_MESSAGES = {
  orderIdRequired: 'Please enter your orderId',
  orderIdInvalid: 'Please enter the order ID from your confirmation e-mail (numbers only).',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
} as const;

/**
 * The tracking calls' answers (product: public-pages.md#track, public-pages.md#download): the server answers them
 * in English, as the product's texts; the public pages show them in the traveller's language by these values.
 */
export const TRACK_ANSWERS = {
  notFound: 'We could not find an order with this Order ID and Email ID. Please check both and try again.',
  found: 'Order found. You can now download your Japan Arrival Card.',
  accessRequired: 'Please enter your Order ID and Email ID to see this order.',
  accessExpired: 'Your access to this order has expired. Please enter your Order ID and Email ID again.',
  notReady: 'Your document is not ready yet. We will e-mail you as soon as it is.',
  downloadReady: 'Your document is ready. The download starts now.',
  ticketInvalid: 'This download link has expired or was already used. Please press Download Now again.',
} as const;

/** What a customer may type as an order id: digits only. */
export const CUSTOMER_ORDER_ID = /^\d{1,15}$/;

/** Footer copyright year (product: public-pages.md#footer). */
export const COPYRIGHT_YEAR = 2025;
