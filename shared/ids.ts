/**
 * Identifier obfuscation for URLs (product: orders.md#encoded-ids).
 * Numeric ids are doubled, then base64-encoded without trailing '=' padding:
 * 100001 -> "200002" -> "MjAwMDAy". This only keeps ids from being obvious in
 * links; it is NOT access control, every endpoint still checks permissions.
 */
const NUMERIC = /^\d+$/;

export function encodeId(value: string | number | bigint): string {
  const text = String(value);
  const payload = NUMERIC.test(text) ? (BigInt(text) * 2n).toString() : text;
  return btoa(payload).replace(/=+$/, '');
}

/** Reverses {@link encodeId}; returns null when the text is not a valid encoding. */
export function decodeId(encoded: string): string | null {
  if (!/^[A-Za-z0-9+/]+$/.test(encoded)) return null;
  let decoded: string;
  try {
    decoded = atob(encoded + '='.repeat((4 - (encoded.length % 4)) % 4));
  } catch {
    return null;
  }
  if (!NUMERIC.test(decoded)) return decoded;
  const doubled = BigInt(decoded);
  if (doubled % 2n !== 0n) return null;
  return (doubled / 2n).toString();
}

/** Decodes an encoded order id into its number, or null when it is not one. */
export function decodeOrderId(encoded: string): number | null {
  const decoded = decodeId(encoded);
  if (decoded === null || !NUMERIC.test(decoded)) return null;
  const id = Number(decoded);
  return Number.isSafeInteger(id) ? id : null;
}

/** An order id as it appears in a path: the number itself or its encoded form (MjAwMDAy); null when it is neither. */
export function parseOrderRef(ref: string): number | null {
  if (/^\d{1,15}$/.test(ref)) return Number(ref);
  return decodeOrderId(ref);
}
