/**
 * Histories labelled "EST" show US Eastern time (America/New_York, product: screens.md#formats), so the label is true; daylight saving is applied by the zone.
 * Formats: MM/DD/YYYY and h:mm:ss AM/PM for histories, YYYY-MM-DD HH:mm:ss for
 * process logs (product: screens.md#formats). The 12-hour clock carries AM/PM so a time is
 * never ambiguous.
 */
export const EASTERN_TIME_ZONE = 'America/New_York';
const ZONE = EASTERN_TIME_ZONE;

/**
 * Made at the first time written, not when the module loads: the first Intl object of a page starts the browser's
 * locale data, and the track page loads this module for answers it may never show. Its own formatter, not
 * staff-time.ts's zonedParts: the public pages load this module and the staff pages load staff-time.ts, and a shared
 * formatter would put one more file in each first load. So the two formatters stay apart.
 */
let partsFormat: Intl.DateTimeFormat | undefined;

function parts(value: string | Date) {
  const date = typeof value === 'string' ? new Date(value) : value;
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) p[part.type] = part.value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: Number(p.hour), minute: p.minute!, second: p.second! };
}

export function easternDate(value: string | Date): string {
  const p = parts(value);
  return `${p.month}/${p.day}/${p.year}`;
}

export function easternTime(value: string | Date): string {
  const p = parts(value);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${p.minute}:${p.second} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** MM/DD/YYYY h:mm:ss AM, for history tables labelled "Date & Time (EST)". */
export function easternDateTime(value: string | Date): string {
  return `${easternDate(value)} ${easternTime(value)}`;
}

/** YYYY-MM-DD HH:mm:ss in US Eastern time, for process logs. */
export function easternLogTime(value: string | Date): string {
  const p = parts(value);
  return `${p.year}-${p.month}-${p.day} ${String(p.hour).padStart(2, '0')}:${p.minute}:${p.second}`;
}
