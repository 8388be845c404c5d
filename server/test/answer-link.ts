/**
 * The customer's side of a request for information in API tests: the token of the answer page's link, read from the
 * newest request mail (a request or a reminder) of the order, as the customer gets it.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Executor } from '../db/client';

export async function mailedAnswerToken(db: Executor, orderId: number): Promise<string> {
  const [mail] = await selectRows(
    db,
    z.object({ text_body: z.string() }),
    sql`select text_body from mails where order_id = ${orderId} and kind like 'information_%' order by id desc limit 1`,
  );
  const token = /\/answer-request#([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no request mail with an answer link for order ${orderId}`);
  return token;
}
