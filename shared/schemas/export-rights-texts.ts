/**
 * Who may export personal data in bulk (product: roles.md#exports), zod-free: every queue screen's Export menu asks it,
 * and export-rights.ts builds the schemas. The permission table gives `orders:export` to Admin and Manager; an Admin
 * may grant it to the other roles (the Exports screen, app_settings `export_roles`), so a member may export when
 * either says so. The server decides (features/exports); the web app reads the same rule only to hide the menu.
 */
import { can, PERMISSIONS, ROLES, type Role } from '../roles';

/** The roles an Admin may grant exports to: those the permission table does not already give them to. */
export const GRANTABLE_EXPORT_ROLES: readonly Role[] = ROLES.filter(
  (role) => !(PERMISSIONS['orders:export'] as readonly Role[]).includes(role),
);

/** Whether a member of `role` may export, with the roles an Admin granted it to. */
export function mayExport(role: string | undefined | null, grantedRoles: readonly string[]): boolean {
  return can(role, 'orders:export') || (!!role && grantedRoles.includes(role));
}

/** Lines of the export log a page shows. */
export const EXPORT_LOG_PAGE_SIZE = 20;

/** The 403 of an export (orders or report) by a role that may not export. */
export const EXPORT_NOT_ALLOWED =
  'Exports of orders and reports hold personal data and are for Admins and Managers. An Admin can allow your role on the Exports page.';

/** Roles as a sentence's list: "Admin, Manager and Team". */
export const roleList = (roles: readonly string[]) =>
  roles.length < 2 ? (roles[0] ?? '') : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]}`;
