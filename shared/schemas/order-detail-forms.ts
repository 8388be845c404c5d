/**
 * The order page's own forms (Add Comment's remark, Transaction Details): only these are built when the page loads,
 * not order-detail.ts's request and answer schemas (docs/decisions/0035). order-detail.ts builds the
 * server's schemas from the same fields.
 */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { textField } from './fields';
import { LOCALES } from '../i18n/locales';

export const remarkText = textField('Remark', { error: 'Please enter your remark' })
  .trim()
  .min(1, 'Please enter your remark')
  .max(5000, 'Remark must be at most 5000 characters.');

export const transactionDetailsSchema = z.object({
  orderId: orderIdField,
  transactionId: textField('Transaction Id', { error: 'Please enter your Transaction Id' })
    .trim()
    .min(1, 'Please enter your Transaction Id')
    .max(200, 'Transaction Id must be at most 200 characters.'),
  merchantName: textField('Merchant Name', { error: 'Please enter your Merchant Name' })
    .trim()
    .min(1, 'Please enter your Merchant Name')
    .max(200, 'Merchant Name must be at most 200 characters.'),
});
export type TransactionDetailsInput = z.input<typeof transactionDetailsSchema>;

/** The order page's Customer language (product: languages.md#order-language). */
export const orderLocaleSchema = z.object({
  orderId: orderIdField,
  locale: z.enum(LOCALES, { error: `Please choose one of ${LOCALES.join(', ')}.` }),
});
export type OrderLocaleInput = z.infer<typeof orderLocaleSchema>;
