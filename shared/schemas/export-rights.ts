/**
 * The Exports page's calls (product: roles.md#exports): who may export personal data in bulk (GET and POST
 * admin/export-settings) and the export log (GET admin/export-log), one record per export.
 */
import { z } from 'zod';
import { ROLES } from '../roles';
import { EXPORT_FORMATS } from './order-export-texts';
import { EXPORT_LOG_PAGE_SIZE, GRANTABLE_EXPORT_ROLES } from './export-rights-texts';
import { pageField } from './fields';

const grantable = `grantedRoles may name ${GRANTABLE_EXPORT_ROLES.join(', ')} (Admin and Manager may always export).`;

export const exportSettingsSchema = z.object({
  /** The roles an Admin granted exports to, beyond the permission table's. */
  grantedRoles: z.array(z.enum(ROLES)),
  /** Every role that may export now: the table's and the granted ones. */
  exportRoles: z.array(z.enum(ROLES)),
});
export type ExportSettings = z.infer<typeof exportSettingsSchema>;

export const exportSettingsBodySchema = z.object({
  grantedRoles: z
    .array(
      z.enum(ROLES, { error: grantable }).refine((role) => GRANTABLE_EXPORT_ROLES.includes(role), { error: grantable }),
      { error: 'grantedRoles must be a list of roles.' },
    )
    .max(ROLES.length, grantable),
});

/**
 * One export as recorded (table order_exports): who, when, which folder or report, its filters, how many rows. The
 * filters are the queue's filter values, sort and month, or a report's date range; a search is recorded as used or
 * not, never its text (it is often a customer's name or e-mail).
 */
export const exportRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string(),
  kind: z.enum(['queue', 'report']),
  /** The folder (newOrder ... orderHistory) or the report (country, processed). */
  source: z.string(),
  filters: z.record(z.string(), z.unknown()),
  searchUsed: z.boolean(),
  format: z.enum(EXPORT_FORMATS),
  /** Rows the file was to hold (counted as it started). */
  rowCount: z.number().int(),
  /** Rows written once the file was complete; null while it runs, or when the download stopped before its end. */
  rowsWritten: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export const exportLogQuerySchema = z.object({
  page: pageField,
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit is at least 1.')
    .max(100, 'limit is at most 100.')
    .default(EXPORT_LOG_PAGE_SIZE),
});
