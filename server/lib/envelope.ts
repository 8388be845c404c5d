/**
 * The `{status, message, data}` envelope (product: api.md#envelope). `status` mirrors
 * the HTTP status: 1 success, 0 failure, 401 unauthorised (product: api.md#status-codes).
 */
import { z } from 'zod';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), message: z.string(), data });
}

export const failureSchema = z.object({
  status: z.union([z.literal(0), z.literal(401)]),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Response schemas for the failures every authenticated route can answer (503: the database or storage is away, retry). */
export const staffFailures = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  429: failureSchema,
  503: failureSchema,
};

export function ok<T>(data: T, message = 'Success') {
  return { status: 1 as const, message, data };
}
