/**
 * THE place that decides what a log line may carry (docs/decisions/0013-what-a-log-line-may-carry.md).
 * `withLogSafety` is applied by buildApp to whatever logger options it is given, so no caller logs without it:
 *   - errors (`err`, `error`) keep their type, code and stack frames; a database error is logged by its SQLSTATE
 *     code, the statement (SQL with $n placeholders) and the constraint/table/column it names, never by its
 *     parameters, its message or its detail (PostgreSQL quotes the offending value there: `invalid input syntax
 *     for type integer: "..."`, `Key (email)=(...) already exists`); other errors keep their message with e-mail
 *     addresses masked;
 *   - a request (`req`) is its method, host and path; query values only for the paging and filter keys below; no
 *     client address (an IP is personal data);
 *   - any field named in SECRET_FIELDS or PERSONAL_FIELDS, one level down in anything logged, is redacted.
 */
import type { FastifyServerOptions } from 'fastify';

/** Names of fields (request bodies, rows, log objects) that hold personal data. */
export const PERSONAL_FIELDS = [
  // the order's answers (product: orders.md#order-detail)
  'passport_number',
  'passportNumber',
  'surname',
  'given_name',
  'givenName',
  'nationality',
  'occupation',
  'date_of_dob',
  'month_of_dob',
  'year_of_dob',
  'date_of_expiry',
  'month_of_expiry',
  'year_of_expiry',
  'home_address_country_name',
  'home_address_city_name',
  'email',
  'airline_company',
  'flight_number',
  'point_of_embarkation',
  'postal_code_japan',
  'prefecture',
  'other_prefecture',
  'city',
  'other_city',
  'address',
  'hotel_name',
  'personal_phone_code',
  'personal_telephone_number',
  'specific_purpose_for_visit',
  'duration_of_stay',
  'article_name',
  'transaction_id',
  'transactionId',
  'merchantName',
  // people named in other calls
  'name',
  'customername',
  'customer_name',
  'userName',
  'remark',
  'remarkerName',
  // a request for information: the customer's answers, the notes about them, its change set
  'answers',
  'note',
  'old_value',
  'new_value',
  'to_address',
  'recipient',
  // searches hold names, e-mails and telephone numbers
  'searchVal',
  'search',
  // a payment dispute's evidence (product: disputes.md#evidence)
  'customer_email_address',
  'customer_purchase_ip',
  'purchase_user_agent',
  'purchase_ip',
  'purchaseIp',
  'purchaseUserAgent',
  'cover_letter',
  'coverLetter',
  'access_activity_log',
  'uncategorized_text',
  // where a customer was
  'ip',
  'remoteAddress',
  'userAgent',
  'user_agent',
] as const;

/** Secrets: a log line never holds them either. */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'passwordHash',
  'password_hash',
  'jwtToken',
  'accessToken',
  'token',
] as const;

export const REDACTED = '[redacted]';

/** pino redaction paths: headers that carry credentials, and every secret or personal field one level down. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[...SECRET_FIELDS, ...PERSONAL_FIELDS].map((field) => `*.${field}`),
];

/** Query parameters whose values a log line may show: paging and filters, none of them about a person. */
const LOGGABLE_QUERY_KEYS = new Set(['page', 'limit', 'processMonth', 'month', 'filter', 'delay', 'order', 'sort']);

const EMAIL = /[^\s"'<>()[\]{},;:@]+@[^\s"'<>()[\]{},;:@]+\.[^\s"'<>()[\]{},;:@]+/g;
/** Masks e-mail addresses in free text (library messages quote them: an SMTP server's "<x@y> rejected"). */
export const maskEmails = (text: string) => text.replace(EMAIL, '[email]');

/** A URL as a log line may show it: the path, and query values only for LOGGABLE_QUERY_KEYS. */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 || LOGGABLE_QUERY_KEYS.has(key) ? pair : `${key}=${REDACTED}`;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  dataType?: unknown;
  routine?: unknown;
  schema?: unknown;
}
const SQLSTATE = /^[0-9A-Z]{5}$/;
const isDatabaseError = (e: unknown): e is Error & DatabaseErrorFields =>
  e instanceof Error &&
  typeof (e as DatabaseErrorFields).severity === 'string' &&
  SQLSTATE.test(String((e as DatabaseErrorFields).code));
/** drizzle's DrizzleQueryError: `query` (SQL text) and `params` (the values), the driver's error as `cause`. */
const isQueryError = (e: unknown): e is Error & { query: string; cause?: unknown } =>
  e instanceof Error && typeof (e as { query?: unknown }).query === 'string' && 'params' in e;

/** The stack's frames without its first lines, which repeat the message. */
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
const MAX_STATEMENT = 2000;
const MAX_DEPTH = 5;

/** An error as a log line may carry it (see the header of this file). */
export function errorForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (!(value instanceof Error))
    return value === null || typeof value !== 'object' ? value : { type: 'non-error object' };
  const queryError = isQueryError(value) ? value : undefined;
  const cause: unknown = value.cause;
  const driverError = isDatabaseError(value) ? value : isDatabaseError(cause) ? cause : undefined;
  if (queryError || driverError) {
    const statement =
      queryError?.query ??
      (typeof (driverError as { query?: unknown }).query === 'string'
        ? String((driverError as { query?: unknown }).query)
        : undefined);
    const fields: Record<string, unknown> = { type: 'DatabaseError' };
    for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const) {
      const v = driverError?.[key];
      if (typeof v === 'string' && v) fields[key] = v;
    }
    if (statement)
      fields.statement = statement.length > MAX_STATEMENT ? `${statement.slice(0, MAX_STATEMENT)}...` : statement;
    fields.stack = framesOf(value);
    return fields;
  }
  const out: Record<string, unknown> = {
    type: value.constructor?.name || value.name,
    message: maskEmails(value.message),
  };
  const { code, statusCode } = value as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (typeof statusCode === 'number') out.statusCode = statusCode;
  out.stack = framesOf(value);
  if (cause !== undefined && depth < MAX_DEPTH) out.cause = errorForLog(cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
}
/** A request as a log line may carry it: no headers, no body, no client address. */
export const requestForLog = (req: LoggedRequest) => ({
  method: req.method,
  url: urlForLog(req.url ?? ''),
  host: req.host,
});

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The app's logger options with these rules applied over whatever the caller gave (`level`, `stream`...).
 * `true` means the defaults (info to stdout).
 */
export function withLogSafety(options: LoggerOptions | true): LoggerOptions {
  const given = options === true ? {} : options;
  return {
    ...given,
    serializers: {
      ...given.serializers,
      req: requestForLog,
      err: errorForLog,
      error: errorForLog,
    } as LoggerOptions['serializers'],
    redact: { paths: LOG_REDACT, censor: REDACTED },
  };
}
