/**
 * Staff roles and the one permission table (DECISIONS section 3). The server
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
  'orders:delete': LEADERS,
  'orders:delete-permanent': ['Admin'],
  /** In the my-orders queue only Admin sees Delete (spec section 6). */
  'orders:delete-from-my-orders': ['Admin'],
  /** Move another member's order back to its original folder (clear the assignee); everyone may release their own. */
  'orders:reassign': LEADERS,
  'team:manage': LEADERS,
  'gateway:manage': LEADERS,
  'password:change': ['Admin', 'Manager', 'Team', 'Telecaller'],
  'reports:processed': LEADERS,
  'mail:outbox': ['Admin'],
  /** Chargeback evidence: defence packs (PDF and printable page) and mailing the download history (docs/decisions/0004). */
  'orders:defence-pack': LEADERS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
