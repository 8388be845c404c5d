/**
 * API answers as the server writes them (product: api.md#envelope): `{status: 1, message, data}`, the data parsed by
 * the shared schema that the server's route declares, so a fixture the server could not send fails the test that
 * uses it.
 */
import { HttpResponse } from 'msw';
import type { z } from 'zod';

export function ok<T>(data: T, extra: Record<string, unknown> = {}, message = 'Success') {
  return HttpResponse.json({ status: 1, message, data, ...extra });
}

/** `data` checked by `schema` first (a fixture that the schema refuses throws, naming the field). */
export function okChecked<S extends z.ZodType>(schema: S, data: z.input<S>, extra: Record<string, unknown> = {}) {
  return ok(schema.parse(data), extra);
}

/** A refusal: the HTTP status and the server's message (`{status: 0, message}`), and field errors if any. */
export function refused(httpStatus: number, message: string, errors?: Record<string, string>) {
  return HttpResponse.json({ status: 0, message, ...(errors ? { errors } : {}) }, { status: httpStatus });
}
