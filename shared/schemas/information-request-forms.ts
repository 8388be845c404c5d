/**
 * The staff forms of the request for information (product: information-requests.md#loop): asking and declining.
 * Apart from the customer's answer checks (information-requests.ts, which build the intake schema), so the order
 * page's dialog does not load the intake schema and its country table.
 */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { textField } from './fields';
import { ASKABLE_FIELD_KEYS, NOTE_MAX, REQUEST_TEXTS } from './information-request-texts';

const fieldKeys = z
  .array(z.enum(ASKABLE_FIELD_KEYS as [string, ...string[]], { error: REQUEST_TEXTS.unknownField }), {
    error: REQUEST_TEXTS.pickOne,
  })
  .min(1, REQUEST_TEXTS.pickOne)
  .max(ASKABLE_FIELD_KEYS.length)
  .transform((keys) => [...new Set(keys)]);

export const noteField = textField('The note', { error: REQUEST_TEXTS.noteRequired })
  .trim()
  .min(1, REQUEST_TEXTS.noteRequired)
  .max(NOTE_MAX, REQUEST_TEXTS.noteTooLong);

/** POST /api/admin/information-requests */
export const askCustomerSchema = z.object({
  orderId: orderIdField,
  fields: fieldKeys,
  note: noteField,
});
export type AskCustomerInput = z.input<typeof askCustomerSchema>;

/** POST /api/admin/information-requests/{requestId}/decline: the note goes to the customer with the new request. */
export const declineSchema = z.object({ note: noteField });
