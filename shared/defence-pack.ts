/**
 * How a defence pack reads, shared by the PDF (server) and the printable page (web), so both say the same:
 * times in US Eastern with the zone in force (EST or EDT) and in UTC, the summary as label/value rows, the
 * table columns of each pack.
 */
import { easternDateTime } from './eastern-time';
import { zoneAbbreviation } from './staff-time';
import { statusLabel } from './orders';
import type { DefencePack, DefencePackDownload, DefencePackMail } from './schemas/defence-pack';

/** `03/14/2025 10:22:05 AM EDT`: US Eastern with the zone in force at that moment. */
export function easternWithZone(value: Date | string): string {
  const date = new Date(value);
  return `${easternDateTime(date)} ${zoneAbbreviation('America/New_York', date)}`;
}

/** `2025-03-14 14:22:05 UTC`. */
export function utcTime(value: Date | string): string {
  return `${new Date(value).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const both = (value: string) => `${easternWithZone(value)} (${utcTime(value)})`;
const orNot = (value: string | null, empty = 'Not recorded') => (value && value.trim() ? value : empty);

/** The order summary of both packs, in reading order. */
export function summaryRows(pack: Pick<DefencePack, 'summary'>): [label: string, value: string][] {
  const s = pack.summary;
  return [
    ['Order ID', String(s.order_id)],
    ['Customer name', orNot(s.customer_name, 'Erased')],
    ['Customer e-mail', orNot(s.email, 'Erased')],
    ['Ordered on (landing site)', `${s.landing_site} (${s.landing_site_domain})`],
    ['Service delivered', s.service],
    ['Amount paid', orNot(s.amount)],
    ['Payment gateway', orNot(s.payment_gateway)],
    ['Payment date', s.paid_at ? both(s.paid_at) : 'Not recorded'],
    ['Transaction ID', orNot(s.transaction_id)],
    ['Merchant name', orNot(s.merchant_name)],
    ['Order date', both(s.order_date)],
    [
      'Completion date',
      s.completion_date
        ? `${both(s.completion_date)}${s.processed_by ? `, by ${s.processed_by}` : ''}`
        : 'Not completed yet',
    ],
    [
      'Document delivered',
      s.document
        ? `${s.document.file_name}, uploaded ${both(s.document.uploaded_at)}${s.document.file_erased ? ' (the file itself has since been erased)' : ''}`
        : 'No document uploaded',
    ],
    ['Current status', statusLabel(s.process_status)],
    // Evidence kept is shown as it is; what was erased is named, so a blank reads as erased, not as never given.
    ...s.erasures.map((e): [string, string] => [
      'Erased personal data',
      `${e.what}. Erased ${both(e.erased_at)} by ${e.by}${e.rule ? ` (${e.rule})` : ''}.`,
    ]),
  ];
}

export interface PackColumn<Row> {
  header: string;
  /** Relative width (the PDF scales these to the page; the page uses them as percentages). */
  width: number;
  value(row: Row, index: number): string;
}

const dash = (v: string | null) => (v && v.trim() ? v : '-');

const times = (r: { time_eastern: string; time_utc: string }) => `${r.time_eastern}\n${r.time_utc}`;

export const MAIL_COLUMNS: PackColumn<DefencePackMail>[] = [
  { header: '#', width: 5, value: (_r, i) => String(i + 1) },
  { header: 'Time (US Eastern / UTC)', width: 23, value: times },
  { header: 'Recipient', width: 19, value: (r) => r.recipient },
  { header: 'Mail', width: 10, value: (r) => r.kind },
  { header: 'Provider', width: 21, value: (r) => r.provider },
  {
    header: 'Attached file',
    width: 22,
    value: (r) => (r.attached_files.length ? r.attached_files.join('\n') : 'None'),
  },
];

export const DOWNLOAD_COLUMNS: PackColumn<DefencePackDownload>[] = [
  { header: '#', width: 5, value: (_r, i) => String(i + 1) },
  { header: 'Time (US Eastern / UTC)', width: 23, value: times },
  { header: 'IP address', width: 17, value: (r) => r.ip },
  { header: 'Device', width: 11, value: (r) => dash(r.device) },
  { header: 'Device type', width: 9, value: (r) => dash(r.device_type) },
  { header: 'Browser', width: 11, value: (r) => dash(r.browser) },
  { header: 'OS', width: 10, value: (r) => dash(r.os) },
  { header: 'Location', width: 14, value: (r) => dash(r.location) },
];

export function generatedLine(
  pack: Pick<DefencePack, 'generated_at_eastern' | 'generated_at_utc' | 'generated_by'>,
): string {
  return `Generated ${pack.generated_at_eastern} (${pack.generated_at_utc}) by ${pack.generated_by}`;
}

export function historyHeading(pack: Pick<DefencePack, 'type' | 'mails' | 'downloads'>): string {
  return pack.type === 1
    ? `Email History (${pack.mails?.length ?? 0} sent ${pack.mails?.length === 1 ? 'mail' : 'mails'})`
    : `Download History (${pack.downloads?.length ?? 0} ${pack.downloads?.length === 1 ? 'download' : 'downloads'})`;
}
