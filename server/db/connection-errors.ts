/**
 * Telling "the database is away" from every other error. A
 * PostgreSQL restart or failover ends the app's connections; the request that
 * was using one fails, and so does any request while the server cannot be
 * reached. Those are worth a retry: the app answers them 503 and logs only the
 * error's code, never its text (a query error's text can carry its parameters).
 */

/** The answer of a request that failed because the database could not be reached. */
export const DATABASE_UNAVAILABLE =
  'The service cannot reach its database at the moment. Please try again in a minute.';

// SQLSTATEs: class 08 (connection exception, matched by its prefix), 57P01-57P03 (admin/crash shutdown, cannot
// connect now), 53300 (too many connections). Node's errno codes for a socket that could not be opened or was cut.
const CONNECTION_EXCEPTION_CLASS = '08';
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// 55000 (object not in prerequisite state) is what the server answers a new connection to a database that does not
// accept any (ALLOW_CONNECTIONS false: closed for maintenance). Met by a query, it is an ordinary error of that
// query, so it counts only on an error raised while a connection was being opened (markedAtConnect).
const CONNECT_SQLSTATES = new Set(['55000']);
const atConnect = new WeakSet<object>();

/** Says that `error` came from opening a connection (the pool's connect); returns it, to be thrown on. */
export function markedAtConnect<E>(error: E): E {
  if (error && typeof error === 'object') atConnect.add(error);
  return error;
}
const ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres says these in words, without a code.
const MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, 'connection-terminated'],
  [/is not queryable/, 'client-not-queryable'],
  [/^timeout exceeded when trying to connect/, 'connect-timeout'],
  [/^Cannot use a pool after calling end/, 'pool-ended'],
  [/^Query read timeout/, 'query-read-timeout'],
];

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    if (current instanceof AggregateError) for (const inner of current.errors) yield* causes(inner);
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE (or errno) of a failed query, looked for through wrapped errors; undefined when there is none. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * The code that says why the database was unreachable (an SQLSTATE, an errno,
 * or a short name for node-postgres' wordings), or null when `error` is
 * anything else. Looks through wrapped errors (Drizzle's "Failed query" keeps
 * the driver's error as its cause).
 */
export function databaseUnavailableCode(error: unknown): string | null {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (SQLSTATES.has(code) ||
        code.startsWith(CONNECTION_EXCEPTION_CLASS) ||
        ERRNOS.has(code) ||
        (CONNECT_SQLSTATES.has(code) && atConnect.has(e as object)))
    )
      return code;
    const message = e instanceof Error ? e.message : '';
    for (const [pattern, name] of MESSAGES) if (pattern.test(message)) return name;
  }
  return null;
}
