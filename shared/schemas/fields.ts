/**
 * Field rules every request schema shares, written once: text that PostgreSQL can store, ids that fit their
 * column, pages that fit an OFFSET. The server validates with them and the web forms reuse them, so both agree.
 */
import { z } from 'zod';

export const NUL_CHARACTER = '\u0000';

/** The answer to a text field holding U+0000; names the field. */
export const nulMessage = (label: string) => `${label} must not contain the NUL character (U+0000).`;

/**
 * A text field. PostgreSQL refuses U+0000 in text, so a NUL that got as far as an INSERT failed the whole request
 * with a 500 (and, before lib/log-safety.ts, logged every value of the row); here it is a 400 naming the field.
 * `label` names the field in that message ("Remark", "The surname").
 */
export function textField(label: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes(NUL_CHARACTER), nulMessage(label));
}

/** Largest value of a `serial` (PostgreSQL integer) id column. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** The id of a row in a `serial` column, as a number or digits; past the column's range it is refused, not a 500. */
export function serialIdField(label: string) {
  const message = `${label} must be a number.`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_SERIAL_ID, `${label} must be at most ${MAX_SERIAL_ID}.`);
}

/**
 * Highest page a list answers. Beyond it, page x limit outgrows what an OFFSET can take and the statement would fail
 * (a 500, not a 400); a million pages of the smallest size is ten times every order a large deployment holds.
 */
export const MAX_PAGE = 1_000_000;

export const pageField = z.coerce
  .number({ error: 'page must be a number.' })
  .int('page must be a whole number.')
  .min(1, 'page starts at 1.')
  .max(MAX_PAGE, `page is at most ${MAX_PAGE}.`)
  .default(1);
