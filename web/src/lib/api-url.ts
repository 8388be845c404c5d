/**
 * An API address as every call writes it (`/api/<path>?<query>`, empty values left out), apart from api.ts so the
 * entry can write the first screen's address the same way when it asks for it early (early-answer.ts).
 */
/** Query values; undefined, null and '' are left out. */
export type ApiQuery = Record<string, string | number | boolean | undefined | null>;

export function apiUrl(path: string, query?: ApiQuery): string {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}
