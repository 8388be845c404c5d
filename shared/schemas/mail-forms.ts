/**
 * The mail fields the staff screens' forms check with (Upload Document, Email History, the download history's mail,
 * Manage Invoices): only these are built when a form's screen loads, not mail.ts's request and answer schemas
 * (docs/decisions/0035). mail.ts builds the server's schemas from the same fields.
 */
import { z } from 'zod';
import { textField } from './fields';

export const mailEmailField = textField('Email', { error: 'Please enter your email' })
  .trim()
  .min(1, 'Please enter your email')
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

/** Manage Invoices: one order id field (product: messages.md#validation). */
export const invoiceOrderIdField = z
  .union([z.number().int().transform(String), z.string()], { error: 'Please enter your order id.' })
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'Please enter your order id.')
      .min(6, 'Order Id must be at least 6 characters.')
      .regex(/^\d{6,15}$/, 'Order Id must be a number.'),
  )
  .transform(Number);
