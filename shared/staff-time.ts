/**
 * THE way staff screens write a moment (docs/decisions/0027): one zone (STAFF_TIME_ZONE, default
 * America/New_York), one shape (YYYY-MM-DD HH:mm, or HH:mm:ss where seconds matter: histories and logs), and a
 * zone label that is always true. A column header names the zone by its standard-time abbreviation
 * (`zoneHeading`: "EST" for US Eastern, the spec's word); a value whose own abbreviation differs (summer: "EDT")
 * carries it, so no time is shown under a label that is not its own. Intl only: no date library.
 */

export const DEFAULT_STAFF_TIME_ZONE = 'America/New_York';

/** True when the runtime knows the IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(zone, format);
  }
  return format;
}

export interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  zone: string;
}

export function zonedParts(value: string | Date, zone: string): ZonedParts | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of partsFormat(zone).formatToParts(date)) p[part.type] = part.value;
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
    zone: p.timeZoneName!,
  };
}

/** The zone's abbreviation at one moment: "EST" in winter and "EDT" in summer for US Eastern; "GMT+9" for Tokyo. */
export function zoneAbbreviation(zone: string, at: Date): string {
  return zonedParts(at, zone)!.zone;
}

/**
 * The zone's name for a column header: its standard-time abbreviation (the one of the smaller UTC offset among
 * January and July, so the southern hemisphere works too). US Eastern: "EST".
 */
export function zoneHeading(zone: string, year = new Date().getUTCFullYear()): string {
  const january = new Date(Date.UTC(year, 0, 1, 12));
  const july = new Date(Date.UTC(year, 6, 1, 12));
  const offset = (d: Date) => {
    const p = zonedParts(d, zone)!;
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - d.getTime();
  };
  return zoneAbbreviation(zone, offset(january) <= offset(july) ? january : july);
}

export interface StaffTimeOptions {
  /** HH:mm:ss instead of HH:mm (histories and logs). */
  seconds?: boolean;
  /**
   * The label already written in the column header: a value carries its own abbreviation only when it differs.
   * Without one the value always carries it.
   */
  heading?: string;
}

/** "2026-11-25 07:33 EST" (or without " EST" under a header that says EST); "-" for no or an invalid value. */
export function formatStaffTime(
  value: string | Date | null | undefined,
  zone: string,
  options: StaffTimeOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '-';
  const p = zonedParts(value, zone);
  if (!p) return '-';
  const time = `${p.hour}:${p.minute}${options.seconds ? `:${p.second}` : ''}`;
  const label = options.heading === p.zone ? '' : ` ${p.zone}`;
  return `${p.year}-${p.month}-${p.day} ${time}${label}`;
}

/** A calendar day (YYYY-MM-DD) as written on staff screens: the same shape as a moment's date part. */
export function formatStaffDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '-';
}

/** Made at first use, not when the staff frame's code loads (see eastern-time.ts). */
let relative: Intl.RelativeTimeFormat | undefined;
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 hours ago", "in 2 days", "now": how long ago a moment was (the hover text of every shown time). */
export function relativeTime(value: string | Date, now = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.trunc(amount), unit);
    amount /= size; // a month counted as 30 days, a year as 12 months: close enough for a hover text
  }
  return '';
}
