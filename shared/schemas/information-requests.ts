/**
 * The request for information's calls (product: information-requests.md#loop): what staff send to ask, accept and
 * decline, what the customer's answer page reads and sends, and their answers. The customer's answers are checked by
 * the intake schema itself (answerErrors), so a value refused at intake is refused here with the same message.
 */
import { z } from 'zod';
import { intakeOrderSchema } from './order-intake';
import { REQUEST_STATES, columnsOf } from './information-request-texts';

export { askCustomerSchema, declineSchema, noteField, type AskCustomerInput } from './information-request-forms';

export const requestIdParamsSchema = z.object({
  requestId: z.coerce
    .number({ error: 'Request id must be a number.' })
    .int('Request id must be a number.')
    .positive('Request id must be a number.')
    .max(Number.MAX_SAFE_INTEGER, 'Request id must be a number.'),
});

/** A value as stored on the order (numbers, text, or nothing). */
const columnValue = z.union([z.string(), z.number(), z.null()]);

export const changeEntrySchema = z.object({
  field: z.string(),
  label: z.string(),
  old_value: columnValue,
  new_value: columnValue,
  /**
   * A reply waiting for review whose answer was changed on the order since (the order holds neither the value before
   * nor the customer's): Accept refuses to overwrite it (product: information-requests.md#edited-after-reply).
   */
  edited_after_reply: z.boolean(),
});
export type ChangeEntry = z.infer<typeof changeEntrySchema>;

export const informationRequestSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  fields: z.array(z.string()),
  note: z.string(),
  state: z.enum(REQUEST_STATES),
  from_status: z.string(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  answered_at: z.string().nullable(),
  reminders_sent: z.number(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  decline_note: z.string().nullable(),
  changes: z.array(changeEntrySchema),
});
export type InformationRequest = z.infer<typeof informationRequestSchema>;

/** GET /api/admin/information-requests/replied: the orders whose customer replied and wait for a review. */
export const repliedOrdersSchema = z.object({ orderIds: z.array(z.number()) });

// ---------------------------------------------------------------- the customer's side

/** The token of the mail's link (the page takes it from the address's fragment and sends it in the body). */
const tokenField = z
  .string({ error: 'This link is not valid.' })
  .trim()
  .regex(/^[\w-]{20,100}$/, 'This link is not valid.');

/** POST /api/front/information-request */
export const openRequestSchema = z.object({ token: tokenField });

const answerValue = z.union([z.string().max(1000), z.number(), z.null()]);

/** POST /api/front/information-request/answer: one value per asked column, by its intake name. */
export const answerRequestSchema = z.object({
  token: tokenField,
  answers: z.record(z.string().max(100), answerValue),
});
export type AnswerRequestInput = z.input<typeof answerRequestSchema>;

export const publicRequestSchema = z.object({
  /** The order id the page names (the customer's own). */
  order_id: z.number(),
  note: z.string(),
  expires_at: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      columns: z.array(z.object({ name: z.string(), label: z.string(), input: z.string(), value: columnValue })),
    }),
  ),
});
export type PublicRequest = z.infer<typeof publicRequestSchema>;

/** Column values as the order stores them (intake's values, before its storage forms). */
export type ColumnValues = Record<string, string | number | null>;

/**
 * The messages under each asked column for the customer's `answers`, by the intake schema: each column by its own
 * rule, then the whole application (the order's other answers as they are, `current`) for the rules that read two
 * answers together (a date that exists, OTHER needs its name...). Only the asked columns' messages are kept: the
 * customer can correct nothing else. Empty: the answers would pass intake.
 */
export function answerErrors(
  fields: readonly string[],
  answers: Record<string, unknown>,
  current: ColumnValues,
): Record<string, string> {
  const asked = new Set(columnsOf(fields).map((c) => c.name));
  const errors: Record<string, string> = {};
  const shape = intakeOrderSchema.shape as Record<string, z.ZodType>;
  for (const name of asked) {
    const value = answers[name] === '' ? null : answers[name];
    const result = shape[name]!.safeParse(value ?? undefined);
    if (!result.success) errors[name] = result.error.issues[0]?.message ?? 'Please check this answer.';
  }
  if (Object.keys(errors).length) return errors;
  const whole = intakeOrderSchema.safeParse({ ...intakeInput(current), ...pick(answers, asked) });
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (asked.has(name) && !errors[name]) errors[name] = issue.message;
    }
  }
  return errors;
}

function pick(answers: Record<string, unknown>, names: Set<string>): Record<string, unknown> {
  return Object.fromEntries(
    [...names].map((n) => [n, answers[n] === '' || answers[n] === undefined ? null : answers[n]]),
  );
}

/** An order's stored values as an intake body: the payment fields intake needs take their stored names. */
function intakeInput(current: ColumnValues): Record<string, unknown> {
  return {
    ...current,
    amount: current.payment_amount ?? 0,
    currency: current.payment_currency ?? 'USD',
    article_currency: current.currency ?? null,
    processing_date: current.processing_date ?? null,
  };
}

/** The value the intake schema makes of one answer (trimmed, in capitals where intake stores capitals...). */
export function parsedAnswer(name: string, value: unknown): string | number | null {
  const shape = intakeOrderSchema.shape as Record<string, z.ZodType>;
  const result = shape[name]!.safeParse(value === '' || value === undefined ? undefined : value);
  if (!result.success) throw new Error(`parsedAnswer: ${name} does not pass intake`);
  const parsed = result.data as string | number | null | undefined;
  return parsed ?? null;
}

/** One month of the requests report (product: information-requests.md#report): UTC months, newest first. */
export const requestReportRowSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Requests sent that month (a decline's new request counts). */
  sent: z.number(),
  /** Requests answered that month. */
  answered: z.number(),
  /** Orders that needed at least one request that month. */
  orders: z.number(),
  /** Of the requests answered that month: the median and the mean hours from sending to answer (null: none). */
  median_hours_to_answer: z.number().nullable(),
  average_hours_to_answer: z.number().nullable(),
});
export type RequestReportRow = z.infer<typeof requestReportRowSchema>;
