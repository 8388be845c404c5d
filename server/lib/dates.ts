/**
 * A moment as every API answer writes it: ISO 8601 in UTC (`2026-05-01T09:30:00.000Z`). Timestamps reach the services
 * as Date objects from the query builder and as text from raw SQL, depending on the driver and the statement, so the
 * one conversion takes both; a missing moment stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
