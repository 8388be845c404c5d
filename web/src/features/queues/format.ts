/** How queue tables write dates (spec section 9: DD/MM/YYYY in UTC for lists). */
const pad = (n: number) => String(n).padStart(2, '0');

/** Arrival date from its three fields, zero padded: 04/07/2031. */
export function arrivalDate(day: number, month: number, year: number): string {
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** An ISO timestamp as DD/MM/YYYY HH:mm in UTC. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY. */
export function calendarDate(ymd: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
}

export function telephone(code: string, number: string): string {
  return `+${code.replace(/^\+/, '')} ${number}`;
}
