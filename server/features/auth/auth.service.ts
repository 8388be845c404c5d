/** Sign-in, password change: the rules, apart from HTTP. */
import { eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { clearLimit, hitLimit, peekLimit, type Window } from '../../lib/rate-limit';
import { forgetStaff, requirePermission, type Staff, type StaffTokenPayload } from '../../lib/auth';
import type { Role } from '../../../shared/roles';

/** Failed sign-ins allowed per account and per IP address in 15 minutes. */
export const LOGIN_LIMITS = {
  account: { limit: 5, seconds: 15 * 60 } satisfies Window,
  ip: { limit: 20, seconds: 15 * 60 } satisfies Window,
};

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), the OWASP baseline.
export const hashPassword = (password: string) => hash(password);

// A fixed hash to verify against when the e-mail is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

export async function login(db: Db, input: { email: string; password: string }, ip: string) {
  const email = input.email.toLowerCase();
  const keys = { account: `login:account:${email}`, ip: `login:ip:${ip}` };
  for (const [scope, key] of Object.entries(keys) as ['account' | 'ip', string][]) {
    const state = await peekLimit(db, key, LOGIN_LIMITS[scope]);
    if (state.blocked) {
      const minutes = Math.ceil(state.retryAfter / 60);
      throw new TooManyRequestsError(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, state.retryAfter);
    }
  }
  const [member] = await db.select().from(teamMembers).where(eq(sql`lower(${teamMembers.email})`, email));
  dummyHash ??= hash('not-a-real-password');
  const valid = await verify(member?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  if (!member || !valid) {
    await hitLimit(db, keys.account, LOGIN_LIMITS.account);
    await hitLimit(db, keys.ip, LOGIN_LIMITS.ip);
    throw new UnauthorizedError('Invalid email or password.');
  }
  await clearLimit(db, keys.account);
  const payload: StaffTokenPayload = { user: { id: member.id, name: member.name, type: member.type as Role }, ver: member.tokenVersion };
  return { payload, member: { id: member.id, name: member.name, email: member.email, type: member.type } };
}

export async function changePassword(db: Db, staff: Staff, newPassword: string): Promise<void> {
  requirePermission(staff, 'password:change');
  const passwordHash = await hashPassword(newPassword);
  // Bumping the version revokes every token issued before this change.
  await db.update(teamMembers)
    .set({ passwordHash, tokenVersion: sql`${teamMembers.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(teamMembers.id, staff.id));
  forgetStaff(db, staff.id);
}
