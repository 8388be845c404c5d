/** The storage interface and the key rule every driver applies. */
export interface StoredObject {
  body: Buffer;
  contentType?: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Refuses anything that could escape the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

export const STORAGE_UNAVAILABLE =
  'The document storage cannot be reached at the moment. Please try again in a minute.';

// A folder on a network mount that went away, a disk failing; an S3 endpoint that cannot be reached or answers 5xx.
const LOCAL_OUTAGES = new Set([
  'EIO',
  'ENOTCONN',
  'ESTALE',
  'ETIMEDOUT',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'ENODEV',
  'ENXIO',
]);
const NETWORK_OUTAGES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'TimeoutError',
  'RequestTimeout',
]);

/**
 * The code of a storage outage (worth a retry: answered 503), or null for any other error (a refused key,
 * wrong credentials, a bug: 500). Looks at the error and its causes.
 */
export function storageOutageCode(kind: Storage['kind'], error: unknown): string | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, name, $metadata } = e as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
    if (kind === 'local' && typeof code === 'string' && LOCAL_OUTAGES.has(code)) return code;
    if (kind === 's3') {
      if (typeof code === 'string' && NETWORK_OUTAGES.has(code)) return code;
      if (typeof name === 'string' && NETWORK_OUTAGES.has(name)) return name;
      const status = $metadata?.httpStatusCode;
      if (typeof status === 'number' && status >= 500) return `http-${status}`;
    }
  }
  return null;
}
