import { z } from 'zod';

/** An order id in a request body: a number or a string of digits, parsed to a number. */
export const orderIdField = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'Order id must be a number.')
      .transform(Number),
  ],
  { error: 'Order id must be a number.' },
);
