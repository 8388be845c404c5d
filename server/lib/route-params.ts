/**
 * Path parameters as their route schemas parse them, so a service receives the id itself and never a path's text.
 * A path that names no order fails with ORDER_NOT_FOUND marked `notFound`, and the app's error handler answers it
 * 404 like an order that does not exist: to a client both are the same "no such order", and a 400 would tell a
 * guessed id from a real one.
 */
import { z } from 'zod';
import { parseOrderRef } from '../../shared/ids';
import { ORDER_NOT_FOUND } from './errors';

/** The mark on a validation issue that the error handler answers with 404 instead of 400. */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/** True when a validation issue (as fastify-type-provider-zod passes it on) carries NOT_FOUND_ISSUE. */
export function isNotFoundIssue(issue: { params?: Record<string, unknown> }): boolean {
  const params = issue.params?.params as { notFound?: unknown } | undefined;
  return params?.notFound === true;
}

/** An order id in a path: the number (100001) or its encoded form (MjAwMDAy), parsed to the number. */
export const orderRefParam = z
  .string()
  .max(64)
  .transform((ref, ctx) => {
    const orderId = parseOrderRef(ref);
    if (orderId === null) {
      ctx.addIssue({ code: 'custom', message: ORDER_NOT_FOUND, params: NOT_FOUND_ISSUE });
      return z.NEVER;
    }
    return orderId;
  });

/** The path parameters of a route on one order. */
export const orderPathSchema = z.object({ orderId: orderRefParam });
