/**
 * Staff roles and the one permission table (product: roles.md#permissions). The server
 * checks these in its services; the web app reads the same table only to hide
 * what a role cannot use.
 */
export const ROLES = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE = ROLES;
const LEADERS = ['Admin', 'Manager'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  'orders:work': EVERYONE,
  'orders:history': ['Admin', 'Manager', 'Team', 'Night Staff'],
  /**
   * Export personal data in bulk: a queue's filtered orders or a summary report as CSV / XLSX (docs/decisions/0024;
   * product: roles.md#exports). An Admin may grant it to other roles (the Exports page), so the server asks
   * `mayExport` (schemas/export-rights-texts.ts) with the granted roles, never this table alone. On top of reading
   * the folder (orders:history for Order History), so even granted, a Telecaller cannot export Order History.
   */
  'orders:export': LEADERS,
  /** The Exports page: grant exports to other roles, read the export log (every export's record). */
  'exports:manage': ['Admin'],
  'orders:delete': LEADERS,
  'orders:delete-permanent': ['Admin'],
  /** In the my-orders queue only Admin sees Delete (product: roles.md#queue-actions). */
  'orders:delete-from-my-orders': ['Admin'],
  /** Move another member's order back to its original folder (clear the assignee); everyone may release their own. */
  'orders:reassign': LEADERS,
  'team:manage': LEADERS,
  'gateway:manage': LEADERS,
  /** Require two-factor sign-in, reset a member's second factor, see and end anyone's sessions. */
  'team:security': ['Admin'],
  'password:change': ['Admin', 'Manager', 'Team', 'Telecaller'],
  'reports:processed': LEADERS,
  'mail:outbox': ['Admin'],
  /**
   * Chargeback evidence: defence packs (PDF and printable page), mailing the download history (docs/decisions/0004)
   * and sending a dispute's evidence to its payment provider (product: disputes.md#sending).
   */
  'orders:defence-pack': LEADERS,
  /** Link a payment dispute that matched no order to an order by hand (product: disputes.md#unmatched). */
  'disputes:link': ['Admin'],
  /** Share a saved queue view with everyone, stop sharing it, delete a shared view (docs/decisions/0023). */
  'views:share': LEADERS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Who may read the Disputes report: those who send the evidence (Admin and Manager). The server checks it; the sidebar
 * shows the report's link, and the screen its figures, to the same roles. Here, not beside the disputes' schemas: the
 * staff frame's sidebar reads it, and need not load the disputes' schemas with it.
 */
export const DISPUTES_REPORT_PERMISSION = 'orders:defence-pack' satisfies Permission;
