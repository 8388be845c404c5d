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

/** What a customer may type as an order id: digits only. */
export const CUSTOMER_ORDER_ID = /^\d{1,15}$/;

/** Footer copyright year (product: public-pages.md#footer). */
export const COPYRIGHT_YEAR = 2025;
