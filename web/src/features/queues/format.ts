/** How queue tables write calendar dates (product: screens.md#formats: DD/MM/YYYY); moments go through lib/time.tsx. */
const pad = (n: number) => String(n).padStart(2, '0');

/** Arrival date from its three fields, zero padded: 04/07/2031. */
export function arrivalDate(day: number, month: number, year: number): string {
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY. */
export function calendarDate(ymd: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
}

export function telephone(code: string, number: string): string {
  return `+${code.replace(/^\+/, '')} ${number}`;
}
