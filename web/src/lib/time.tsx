/**
 * Every date and time on staff screens goes through here (docs/decisions/0027): the zone is the
 * server's STAFF_TIME_ZONE (index.html's meta tag, filled in by server/app.ts), the shape and the label are
 * shared/staff-time.ts, and the hover text says how long ago it was ("3 hours ago").
 */
import {
  DEFAULT_STAFF_TIME_ZONE,
  formatStaffTime,
  isTimeZone,
  relativeTime,
  zoneHeading,
  type StaffTimeOptions,
} from '../../../shared/staff-time';

/**
 * The zone, read on first use rather than when this module loads: the first Intl object a page makes starts the
 * browser's locale data on its main thread (docs/decisions/0035), and a queue on a phone (cards, no times) shows none.
 */
let zone: string | undefined;
export function staffTimeZone(): string {
  if (zone === undefined) {
    const content =
      typeof document === 'undefined'
        ? null
        : document.querySelector('meta[name="staff-time-zone"]')?.getAttribute('content');
    zone = content && isTimeZone(content) ? content : DEFAULT_STAFF_TIME_ZONE;
  }
  return zone;
}

let heading: string | undefined;
/** The zone as a column header writes it: "EST" for US Eastern. */
export const staffZoneHeading = () => (heading ??= zoneHeading(staffTimeZone()));

/** A moment as text (for CSV, aria labels); prefer <StaffTime> on screen. */
export const staffTime = (value: string | Date | null | undefined, options?: StaffTimeOptions) =>
  formatStaffTime(value, staffTimeZone(), options);

/**
 * A moment on a staff screen: "2026-11-25 07:33 EST" in a <time> whose title says how long ago. `heading`: the
 * column header already names the zone (staffZoneHeading), so only a value in another offset (summer time)
 * carries its own label.
 */
export function StaffTime({
  value,
  seconds,
  underHeading,
}: {
  value: string | Date | null | undefined;
  seconds?: boolean;
  underHeading?: boolean;
}) {
  const text = staffTime(value, { seconds, heading: underHeading ? staffZoneHeading() : undefined });
  if (text === '-' || value === null || value === undefined) return <>{text}</>;
  const date = typeof value === 'string' ? new Date(value) : value;
  // The date and the time each stay whole (a browser would break "2026-11-25" at a hyphen); the line may break between.
  const gap = text.indexOf(' ');
  return (
    <time dateTime={date.toISOString()} title={relativeTime(date)} className="staff-time">
      <span className="text-nowrap">{text.slice(0, gap)}</span>{' '}
      <span className="text-nowrap">{text.slice(gap + 1)}</span>
    </time>
  );
}
