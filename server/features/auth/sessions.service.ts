/**
 * Staff sessions: one row per sign-in (staff_sessions), named by the token's `sid`. Logout ends one, "sign out
 * everywhere" ends all of a member's, an Admin can end any member's; lib/auth.ts refuses a token whose session
 * has ended. Rows are kept 30 days after they end or expire (the Admin's view of recent sign-ins), then pruned.
 */
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { selectRows } from '../../db/client';
import { countRow } from '../../db/row-schemas';
import { staffSecurityEvents, staffSessions } from '../../db/schema';
import type { JWT } from '@fastify/jwt';
import { forgetSession, forgetStaff, requirePermission, type Staff, type StaffTokenPayload } from '../../lib/auth';
import type { Role } from '../../../shared/roles';
import { iso } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { parseUserAgent } from '../../lib/user-agent';

export type EndReason = 'logout' | 'everywhere' | 'admin' | 'password' | 'two-factor-reset' | 'deleted';

const DURATION = /^(\d+)([smhd])$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
/** JWT_EXPIRES_IN ('8h') in seconds: a session row expires with its token. */
export function durationSeconds(text: string): number {
  const [, n, unit] = DURATION.exec(text) ?? [];
  if (!n || !unit) throw new Error(`not a duration: ${text}`);
  return Number(n) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS];
}

/** "Chrome 131 on Linux": enough for a member to recognise a session, less than the whole User-Agent. */
function deviceLabel(userAgent: string | undefined): string | null {
  const ua = parseUserAgent(userAgent);
  return [ua.browser, ua.os && `on ${ua.os}`].filter(Boolean).join(' ') || null;
}

export async function startSession(
  db: Executor,
  input: {
    memberId: number;
    seconds: number;
    ip: string;
    userAgent?: string;
    twoFactorSetupPending?: boolean;
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(staffSessions).values({
    id,
    memberId: input.memberId,
    ip: input.ip,
    userAgent: deviceLabel(input.userAgent),
    expiresAt: sql`now() + make_interval(secs => ${input.seconds})`,
    twoFactorSetupPending: input.twoFactorSetupPending ?? false,
  });
  return id;
}

/** Starts a session for `member` and signs its staff token (payload `user`, `ver`, `sid`), valid `seconds`. */
export async function sessionToken(
  db: Executor,
  jwt: JWT,
  member: { id: number; name: string; type: string; tokenVersion: number },
  input: {
    seconds: number;
    ip: string;
    userAgent?: string;
    twoFactorSetupPending?: boolean;
  },
): Promise<string> {
  const sid = await startSession(db, { memberId: member.id, ...input });
  const payload: StaffTokenPayload = {
    user: { id: member.id, name: member.name, type: member.type as Role },
    ver: member.tokenVersion,
    sid,
  };
  return jwt.sign(payload, { expiresIn: input.seconds });
}

export async function endSession(db: Executor, sessionId: string, reason: EndReason): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
  forgetSession(db, sessionId);
}

/** Ends every live session of a member; returns how many. */
export async function endMemberSessions(db: Executor, memberId: number, reason: EndReason): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(staffSessions.memberId, memberId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  forgetStaff(db, memberId);
  return ended.length;
}

export interface SessionView {
  id: string;
  current: boolean;
  device: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

const liveSessionRowSchema = z.object({
  id: z.string(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
});

/** A member's live sessions, newest first. */
export async function liveSessions(db: Executor, memberId: number, currentId?: string): Promise<SessionView[]> {
  const rows = await selectRows(
    db,
    liveSessionRowSchema,
    sql`
    select id, user_agent as device, ip, created_at, last_seen_at, expires_at from staff_sessions
    where member_id = ${memberId} and ended_at is null and expires_at > now()
    order by created_at desc limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentId,
    device: r.device,
    ip: r.ip,
    createdAt: iso(r.created_at),
    lastSeenAt: iso(r.last_seen_at),
    expiresAt: iso(r.expires_at),
  }));
}

export async function recordSecurityEvent(
  db: Executor,
  memberId: number,
  actor: Staff | null,
  event: string,
): Promise<void> {
  await db
    .insert(staffSecurityEvents)
    .values({ memberId, actorId: actor?.id ?? null, actorName: actor?.name ?? null, event });
}

/** "Sign out everywhere" (the member) or an Admin ending all of a member's sessions. */
export async function signOutEverywhere(db: Executor, staff: Staff, memberId = staff.id): Promise<number> {
  if (memberId !== staff.id) requirePermission(staff, 'team:security');
  const count = await endMemberSessions(db, memberId, memberId === staff.id ? 'everywhere' : 'admin');
  await recordSecurityEvent(
    db,
    memberId,
    staff,
    memberId === staff.id ? 'Signed out everywhere' : `Every session ended by ${staff.name}`,
  );
  return count;
}

/** Ends one session: the member's own, or (Admin) anyone's. */
export async function endOneSession(db: Executor, staff: Staff, sessionId: string): Promise<void> {
  const [row] = await db
    .select({ memberId: staffSessions.memberId })
    .from(staffSessions)
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
  if (!row) throw new NotFoundError('Session not found.');
  if (row.memberId !== staff.id) requirePermission(staff, 'team:security');
  await endSession(db, sessionId, row.memberId === staff.id ? 'logout' : 'admin');
  if (row.memberId !== staff.id) await recordSecurityEvent(db, row.memberId, staff, `A session ended by ${staff.name}`);
}

/** Deletes session rows that ended or expired more than 30 days ago (they hold the staff member's address). */
export async function pruneSessions(db: Executor): Promise<number> {
  const rows = await selectRows(
    db,
    countRow,
    sql`
    with gone as (delete from staff_sessions where coalesce(ended_at, expires_at) < now() - interval '30 days' returning 1)
    select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
