/**
 * Sign-in (password, then a second factor when the member has one), password change: the rules, apart from HTTP.
 *
 * Limits (docs/decisions/0011-sign-in-limits-and-sessions.md): every attempt is counted before the password or
 * code is checked, so N parallel attempts check at most the limit. The buckets are scoped so that a stranger's
 * failures cannot lock the rightful member out:
 * - one account from one address (5 / 15 min), or from one trusted browser (its device token, 5 / 15 min);
 * - one address across accounts (30 / 15 min, a success gives its attempt back): password spraying;
 * - one account from untrusted browsers anywhere (50 / hour): guessing spread over many addresses (an address
 *   adds only the attempts its own bucket let through). A browser that has signed in to the account before
 *   carries a device token and is not held by this bucket.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { JWT } from '@fastify/jwt';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { clearLimit, limitKey, refundAttempt, spendAttempt, type Bucket } from '../../lib/rate-limit';
import { forgetStaff, requirePermission, type Staff } from '../../lib/auth';
import type { SecretBox } from '../../lib/secret-box';
import { durationSeconds, endMemberSessions, pruneSessions, sessionToken } from './sessions.service';
import { isTwoFactorRequired, verifySecondFactor, WRONG_CODE } from './two-factor.service';
import { metricsFor } from '../metrics';

const MINUTES_15 = 15 * 60;
export const LOGIN_LIMITS = {
  accountSource: { limit: 5, seconds: MINUTES_15 },
  device: { limit: 5, seconds: MINUTES_15 },
  source: { limit: 30, seconds: MINUTES_15 },
  account: { limit: 50, seconds: 60 * 60 },
  /** Second-factor codes per member (whoever holds the password), and per member and address. */
  code: { limit: 10, seconds: MINUTES_15 },
  codeSource: { limit: 5, seconds: MINUTES_15 },
};

const OTP_TOKEN_TTL = '5m';
const DEVICE_TOKEN_TTL = '180d';
const tooMany = (wait: string) => `Too many failed sign-in attempts. Please try again in ${wait}.`;

export interface AuthDeps {
  db: Db;
  jwt: JWT;
  box: SecretBox;
  issuer: string;
  /** JWT_EXPIRES_IN */
  sessionLength: string;
}
export interface Client {
  ip: string;
  userAgent?: string;
}

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), the OWASP baseline.
export const hashPassword = (password: string) => hash(password);

// A fixed hash to verify against when the e-mail is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

type OtpTokenPayload = { purpose: 'otp'; mid: number; ver: number };
type DeviceTokenPayload = { purpose: 'device'; mid: number; did: string };

/** The device id a valid device token names for this account, else null (a token of another account is ignored). */
function trustedDevice(deps: AuthDeps, deviceToken: string | undefined, memberId: number | undefined): string | null {
  if (!deviceToken || memberId === undefined) return null;
  try {
    const payload = deps.jwt.verify<DeviceTokenPayload>(deviceToken);
    return payload.purpose === 'device' && payload.mid === memberId && typeof payload.did === 'string'
      ? payload.did
      : null;
  } catch {
    return null;
  }
}

export interface MemberView {
  id: number;
  name: string;
  email: string;
  type: string;
}
export type SignInResult =
  | { kind: 'signed-in'; jwtToken: string; deviceToken: string; member: MemberView; twoFactorSetupRequired: boolean }
  | { kind: 'code-needed'; otpToken: string; memberId: number };

/** Starts a session and signs its token (and a device token that marks this browser as known to the account). */
async function signIn(
  deps: AuthDeps,
  member: typeof teamMembers.$inferSelect,
  client: Client,
  deviceId: string | null,
): Promise<SignInResult> {
  const setupPending = !member.totpEnabledAt && (await isTwoFactorRequired(deps.db));
  const seconds = durationSeconds(deps.sessionLength);
  await pruneSessions(deps.db);
  const jwtToken = await sessionToken(deps.db, deps.jwt, member, {
    seconds,
    ip: client.ip,
    userAgent: client.userAgent,
    twoFactorSetupPending: setupPending,
  });
  const device: DeviceTokenPayload = { purpose: 'device', mid: member.id, did: deviceId ?? randomUUID() };
  return {
    kind: 'signed-in',
    jwtToken,
    deviceToken: deps.jwt.sign(device, { expiresIn: DEVICE_TOKEN_TTL }),
    member: { id: member.id, name: member.name, email: member.email, type: member.type },
    twoFactorSetupRequired: setupPending,
  };
}

/** Counts a refused sign-in step (metrics: failures and lockouts) and passes the refusal on. */
async function counted<T>(db: Db, step: 'password' | 'code', attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof TooManyRequestsError) metricsFor(db).signInLockouts.inc({ step });
    else if (error instanceof UnauthorizedError) metricsFor(db).signInFailures.inc({ step });
    throw error;
  }
}

export function login(
  deps: AuthDeps,
  input: { email: string; password: string; deviceToken?: string },
  client: Client,
): Promise<SignInResult> {
  return counted(deps.db, 'password', checkPassword(deps, input, client));
}

async function checkPassword(
  deps: AuthDeps,
  input: { email: string; password: string; deviceToken?: string },
  client: Client,
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  const [member] = await deps.db
    .select()
    .from(teamMembers)
    .where(eq(sql`lower(${teamMembers.email})`, email));
  const deviceId = trustedDevice(deps, input.deviceToken, member?.id);
  const source: Bucket = { key: limitKey('login:source', client.ip), window: LOGIN_LIMITS.source };
  // Counted before the (slow) check: of N parallel attempts at most the limit reach argon2.
  if (deviceId) {
    await spendAttempt(deps.db, [{ key: limitKey('login:device', deviceId), window: LOGIN_LIMITS.device }], tooMany);
  } else {
    // The account-wide bucket counts only attempts its address let through, so one address adds at most 5 to
    // it: filling it takes guessing spread over many addresses, not one stranger's loop.
    await spendAttempt(
      deps.db,
      [{ key: limitKey('login:account-source', email, client.ip), window: LOGIN_LIMITS.accountSource }, source],
      tooMany,
    );
    await spendAttempt(deps.db, [{ key: limitKey('login:account', email), window: LOGIN_LIMITS.account }], tooMany);
  }

  dummyHash ??= hash('not-a-real-password');
  const valid = await verify(member?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  if (!member || !valid) throw new UnauthorizedError('Invalid email or password.');

  if (deviceId) await clearLimit(deps.db, limitKey('login:device', deviceId));
  else {
    await refundAttempt(deps.db, source.key);
    await clearLimit(deps.db, limitKey('login:account-source', email, client.ip));
  }
  if (member.totpEnabledAt) {
    const otp: OtpTokenPayload = { purpose: 'otp', mid: member.id, ver: member.tokenVersion };
    return { kind: 'code-needed', otpToken: deps.jwt.sign(otp, { expiresIn: OTP_TOKEN_TTL }), memberId: member.id };
  }
  return signIn(deps, member, client, deviceId);
}

const OTP_EXPIRED = 'Your sign-in took too long. Please enter your email and password again.';

/** The second step: the one-time token of the first and a TOTP or recovery code. */
export function verifyOtp(
  deps: AuthDeps,
  input: { otpToken: string; code: string; deviceToken?: string },
  client: Client,
): Promise<SignInResult & { kind: 'signed-in' }> {
  return counted(deps.db, 'code', checkCode(deps, input, client));
}

async function checkCode(
  deps: AuthDeps,
  input: { otpToken: string; code: string; deviceToken?: string },
  client: Client,
): Promise<SignInResult & { kind: 'signed-in' }> {
  let otp: OtpTokenPayload;
  try {
    otp = deps.jwt.verify<OtpTokenPayload>(input.otpToken);
  } catch {
    throw new UnauthorizedError(OTP_EXPIRED);
  }
  if (otp.purpose !== 'otp' || typeof otp.mid !== 'number') throw new UnauthorizedError(OTP_EXPIRED);
  await spendAttempt(
    deps.db,
    [
      { key: limitKey('otp:account', otp.mid), window: LOGIN_LIMITS.code },
      { key: limitKey('otp:account-source', otp.mid, client.ip), window: LOGIN_LIMITS.codeSource },
    ],
    tooMany,
  );
  const [member] = await deps.db.select().from(teamMembers).where(eq(teamMembers.id, otp.mid));
  if (!member || member.tokenVersion !== otp.ver || !member.totpEnabledAt) throw new UnauthorizedError(OTP_EXPIRED);
  const used = await verifySecondFactor(deps, member.id, input.code);
  if (!used) throw new UnauthorizedError(WRONG_CODE);
  await clearLimit(deps.db, limitKey('otp:account-source', otp.mid, client.ip));
  const result = await signIn(deps, member, client, trustedDevice(deps, input.deviceToken, member.id));
  return result as SignInResult & { kind: 'signed-in' };
}

export async function changePassword(db: Db, staff: Staff, newPassword: string): Promise<void> {
  requirePermission(staff, 'password:change');
  const passwordHash = await hashPassword(newPassword);
  // Bumping the version revokes every token issued before this change; the sessions end too.
  await db
    .update(teamMembers)
    .set({ passwordHash, tokenVersion: sql`${teamMembers.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(teamMembers.id, staff.id));
  await endMemberSessions(db, staff.id, 'password');
  forgetStaff(db, staff.id);
}
