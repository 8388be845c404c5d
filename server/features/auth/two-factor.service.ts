/**
 * Two-factor sign-in with TOTP (RFC 6238: six digits, 30-second steps, SHA-1, as every authenticator app reads
 * them), through the `otpauth` library. A member turns it on from their profile: a pending secret is shown (QR
 * code and text), a first code confirms it, and ten one-time recovery codes are shown once (stored as SHA-256
 * hashes). A code is accepted once: the member's last accepted step is kept and only a later one passes.
 * An Admin can require it for everyone (app_settings) and reset a member's second factor.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, Executor } from '../../db/client';
import { appSettings, staffRecoveryCodes, staffSessions, teamMembers } from '../../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import {
  forgetAllSessions,
  forgetStaff,
  REQUIRE_TWO_FACTOR_SETTING,
  requirePermission,
  type Staff,
} from '../../lib/auth';
import type { SecretBox } from '../../lib/secret-box';
import { endMemberSessions, recordSecurityEvent } from './sessions.service';

export const RECOVERY_CODE_COUNT = 10;
export const WRONG_CODE = 'The code is not valid. Please try again.';

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  issuer: string;
}

const totpFor = (secretBase32: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: 30 });

/** Codes are typed with spaces or dashes now and then; recovery codes are shown as xxxxx-xxxxx. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

/** Ten random codes of 10 base-32 characters (50 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const text = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

export async function isTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, REQUIRE_TWO_FACTOR_SETTING));
  return row?.value === 'true';
}

export const OWN_TWO_FACTOR_FIRST =
  'Turn on your own two-factor sign-in first (Sign-in & Security): once it is required, a session without it can only set it up.';

/**
 * Requires two-factor sign-in of every member, or stops. It takes effect at once: from the next call, a session of a
 * member without a second factor reaches only the set-up routes (lib/auth.ts, setupPendingSql), in this process now
 * and in the others within STAFF_CACHE_MS. The Admin must have their own second factor on first, so the change does
 * not lock them out of the screen they made it on.
 */
export async function setTwoFactorRequired(db: Db, staff: Staff, required: boolean): Promise<void> {
  requirePermission(staff, 'team:security');
  if (required) {
    const [own] = await db
      .select({ enabledAt: teamMembers.totpEnabledAt })
      .from(teamMembers)
      .where(eq(teamMembers.id, staff.id));
    if (!own?.enabledAt) throw new ConflictError(OWN_TWO_FACTOR_FIRST);
  }
  await db
    .insert(appSettings)
    .values({ key: REQUIRE_TWO_FACTOR_SETTING, value: String(required) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(required) } });
  forgetAllSessions(db);
  await recordSecurityEvent(
    db,
    staff.id,
    staff,
    required ? 'Required two-factor sign-in for every member' : 'Stopped requiring two-factor sign-in',
  );
}

export async function twoFactorStatus(db: Db, memberId: number) {
  const [member] = await db
    .select({ enabledAt: teamMembers.totpEnabledAt })
    .from(teamMembers)
    .where(eq(teamMembers.id, memberId));
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.memberId, memberId), isNull(staffRecoveryCodes.usedAt)));
  return {
    enabled: !!member?.enabledAt,
    enabledAt: member?.enabledAt ? new Date(member.enabledAt).toISOString() : null,
    required: await isTwoFactorRequired(db),
    recoveryCodesLeft: member?.enabledAt ? (left?.n ?? 0) : 0,
  };
}

/** Starts set-up: a new pending secret, its otpauth:// URL and a QR code of it. */
export async function beginSetup(deps: TwoFactorDeps, staff: Staff) {
  const [member] = await deps.db
    .select({ enabledAt: teamMembers.totpEnabledAt })
    .from(teamMembers)
    .where(eq(teamMembers.id, staff.id));
  if (member?.enabledAt) throw new ConflictError('Two-factor sign-in is already on.');
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .update(teamMembers)
    .set({ totpPendingSecret: deps.box.seal(secret) })
    .where(eq(teamMembers.id, staff.id));
  const otpauthUrl = totpFor(secret, deps.issuer, staff.email).toString();
  // Loaded when a member sets up a code (rarely), not at every start.
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}

/** Step of `code` for `secret` (one step of clock drift either way), or null. */
function matchingStep(secret: string, code: string, issuer: string): number | null {
  const token = normalise(code);
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(secret, issuer, 'x');
  const delta = totp.validate({ token, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

/** Accepts `step` once: only a step later than the last accepted one passes (atomic, so a code races with itself once). */
async function claimStep(db: Executor, memberId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(teamMembers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(teamMembers.id, memberId),
        sql`(${teamMembers.totpLastStep} is null or ${teamMembers.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: teamMembers.id });
  return claimed.length === 1;
}

/** Confirms set-up with a first code: two-factor is on, and the recovery codes are returned (shown once). */
export async function enableTwoFactor(deps: TwoFactorDeps, staff: Staff, code: string): Promise<string[]> {
  const [member] = await deps.db
    .select({ pending: teamMembers.totpPendingSecret, enabledAt: teamMembers.totpEnabledAt })
    .from(teamMembers)
    .where(eq(teamMembers.id, staff.id));
  if (member?.enabledAt) throw new ConflictError('Two-factor sign-in is already on.');
  if (!member?.pending) throw new BadRequestError('Start the set-up first.');
  const secret = deps.box.open(member.pending);
  const step = matchingStep(secret, code, deps.issuer);
  if (step === null) throw new BadRequestError(WRONG_CODE, { code: WRONG_CODE });
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(teamMembers)
      .set({ totpSecret: member.pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(teamMembers.id, staff.id), isNull(teamMembers.totpEnabledAt)))
      .returning({ id: teamMembers.id });
    if (turnedOn.length !== 1) throw new ConflictError('Two-factor sign-in is already on.');
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, staff.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ memberId: staff.id, codeHash: hashRecoveryCode(c) })));
    // Sessions that waited for this set-up may now do everything.
    await tx.update(staffSessions).set({ twoFactorSetupPending: false }).where(eq(staffSessions.memberId, staff.id));
    await recordSecurityEvent(tx, staff.id, staff, 'Turned two-factor sign-in on');
  });
  forgetStaff(deps.db, staff.id);
  return codes;
}

/**
 * Checks a second factor at sign-in: a TOTP code (accepted once) or an unused recovery code (used up).
 * Returns what was used, or null.
 */
export async function verifySecondFactor(
  deps: TwoFactorDeps,
  memberId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const [member] = await deps.db
    .select({ secret: teamMembers.totpSecret })
    .from(teamMembers)
    .where(eq(teamMembers.id, memberId));
  if (!member?.secret) return null;
  const step = matchingStep(deps.box.open(member.secret), code, deps.issuer);
  if (step !== null) return (await claimStep(deps.db, memberId, step)) ? 'totp' : null;
  const used = await deps.db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.memberId, memberId),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1 ? 'recovery' : null;
}

/** Turns a member's own second factor off, with a current code; refused while an Admin requires it. */
export async function disableTwoFactor(deps: TwoFactorDeps, staff: Staff, code: string): Promise<void> {
  if (await isTwoFactorRequired(deps.db))
    throw new ForbiddenError('Two-factor sign-in is required for every member; it cannot be turned off.');
  if (!(await verifySecondFactor(deps, staff.id, code))) throw new BadRequestError(WRONG_CODE, { code: WRONG_CODE });
  await clearSecondFactor(deps.db, staff.id);
  await recordSecurityEvent(deps.db, staff.id, staff, 'Turned two-factor sign-in off');
}

async function clearSecondFactor(db: Db, memberId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(teamMembers)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(teamMembers.id, memberId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, memberId));
  });
  forgetStaff(db, memberId);
}

/**
 * An Admin resets a member's second factor (a lost phone): it is turned off, the member's sessions end, and the
 * member sets it up again at the next sign-in when it is required. Recorded as a security event and logged.
 */
export async function resetTwoFactor(db: Db, staff: Staff, memberId: number): Promise<void> {
  requirePermission(staff, 'team:security');
  const [member] = await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, memberId));
  if (!member) throw new NotFoundError('Team member not found.');
  await clearSecondFactor(db, memberId);
  await endMemberSessions(db, memberId, 'two-factor-reset');
  await recordSecurityEvent(db, memberId, staff, `Two-factor sign-in reset by ${staff.name}`);
}
