/**
 * Who may export personal data in bulk (product: roles.md#exports): the permission table's roles (`orders:export`:
 * Admin, Manager) and those an Admin granted on the Exports page (app_settings `export_roles`, a JSON list of roles).
 * Every export, of a queue or a report, asks assertMayExport before anything else is read. A grant changed is
 * recorded as a security event of the Admin who changed it, as the two-factor requirement is.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '../../../shared/roles';
import {
  EXPORT_NOT_ALLOWED,
  GRANTABLE_EXPORT_ROLES,
  mayExport,
  roleList,
} from '../../../shared/schemas/export-rights-texts';
import type { ExportSettings } from '../../../shared/schemas/export-rights';
import type { Db, Executor } from '../../db/client';
import { appSettings } from '../../db/schema';
import { requirePermission, type Staff } from '../../lib/auth';
import { ForbiddenError } from '../../lib/errors';
import { recordSecurityEvent } from '../auth';

const EXPORT_ROLES_SETTING = 'export_roles';
const storedRoles = z.array(z.enum(ROLES));

/** The roles an Admin granted exports to; none when the setting is missing or unreadable (the safe side). */
export async function grantedExportRoles(db: Executor): Promise<Role[]> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, EXPORT_ROLES_SETTING));
  if (!row) return [];
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return [];
  }
  const parsed = storedRoles.safeParse(value);
  return parsed.success ? GRANTABLE_EXPORT_ROLES.filter((role) => parsed.data.includes(role)) : [];
}

/** 403 unless `staff`'s role may export, by the table or by the grant. */
export async function assertMayExport(db: Executor, staff: Staff): Promise<void> {
  // The table's roles without reading the grant.
  if (mayExport(staff.type, []) || mayExport(staff.type, await grantedExportRoles(db))) return;
  throw new ForbiddenError(EXPORT_NOT_ALLOWED);
}

export async function exportSettings(db: Executor): Promise<ExportSettings> {
  const grantedRoles = await grantedExportRoles(db);
  return { grantedRoles, exportRoles: ROLES.filter((role) => mayExport(role, grantedRoles)) };
}

/** An Admin sets the roles granted exports (the whole list: an empty one takes every grant back). */
export async function setGrantedExportRoles(db: Db, staff: Staff, roles: readonly Role[]): Promise<ExportSettings> {
  requirePermission(staff, 'exports:manage', 'Only an Admin can change who may export.');
  const granted = GRANTABLE_EXPORT_ROLES.filter((role) => roles.includes(role));
  await db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: EXPORT_ROLES_SETTING, value: JSON.stringify(granted) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(granted) } });
    await recordSecurityEvent(tx, staff.id, staff, exportGrantEvent(granted));
  });
  return exportSettings(db);
}

/** The security event and the answer's message: who may export now. */
export const exportGrantEvent = (granted: readonly Role[]) =>
  `Allowed exports of personal data to ${roleList(ROLES.filter((role) => mayExport(role, granted)))}`;
