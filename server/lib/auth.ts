/**
 * Staff authentication: a signed, expiring JWT whose payload carries `user.{id,name,type}` (product: roles.md#sign-in), the
 * member's token version and the id of its session row (`sid`, table staff_sessions). A request is let in only
 * while that session is live (not ended by logout, "sign out everywhere" or an Admin, not expired) and the
 * member's token version is the token's (a password change, an edit or a deletion revokes older tokens).
 *
 * Deny by default: `denyByDefault` (registered once on the app, app.ts) authenticates every /api route that is
 * not in PUBLIC_API_ROUTES; no routes file attaches authentication itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Role, Permission } from '../../shared/roles';
import { can, ROLES } from '../../shared/roles';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../shared/sign-in';
import { selectRows, type Executor } from '../db/client';
import { z } from 'zod';
import { ForbiddenError, UnauthorizedError } from './errors';
import { perObject } from './per-object';

export interface Staff {
  id: number;
  name: string;
  email: string;
  type: Role;
}

/** The member a request signed in as, and the session its token belongs to. */
export interface SignedInStaff extends Staff {
  sessionId: string;
}

export interface StaffTokenPayload {
  user: { id: number; name: string; type: Role };
  ver: number;
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: StaffTokenPayload | Record<string, unknown>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: SignedInStaff;
  }
}

function isStaffPayload(value: unknown): value is StaffTokenPayload {
  const v = value as StaffTokenPayload | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.user?.id === 'number' &&
    typeof v.ver === 'number' &&
    typeof v.sid === 'string'
  );
}

/**
 * The public routes: every other route under /api needs a live staff session. A route added here is public, so
 * each entry says why. Matched against the route's pattern (request.routeOptions.url).
 */
export const PUBLIC_API_ROUTES: ReadonlyArray<{ url: string; why: string }> = [
  { url: '/api/health', why: 'load balancers and uptime checks' },
  { url: '/api/health/live', why: "the orchestrator's liveness probe: says only that the process answers" },
  { url: '/api/health/ready', why: "the load balancer's readiness probe: says only up or down per dependency" },
  {
    url: '/api/metrics',
    why: 'Prometheus has no staff session; the route checks METRICS_TOKEN or METRICS_ALLOW itself and refuses when neither is set',
  },
  { url: '/api/admin/admin-login', why: 'the sign-in itself' },
  { url: '/api/admin/verify-otp', why: 'the second step of sign-in; it takes the one-time token the first step gave' },
  { url: '/api/front/*', why: "the public tracking site; its calls check the customer's order-scoped token" },
  { url: '/api/intake/*', why: "the landing sites; each call checks the site's intake API key" },
  {
    url: '/api/webhooks/*',
    why: "the payment providers' events; each call checks its provider's signature (features/disputes)",
  },
  {
    url: '/api/admin/export-download',
    why: "a browser's own download cannot carry the bearer header: the route takes the one-time ticket a staff request made and checks its session still lives (features/exports/export-runs.ts)",
  },
  { url: '/api/docs*', why: 'the OpenAPI document and its viewer' },
];

export const isPublicRoute = (url: string) =>
  PUBLIC_API_ROUTES.some((route) =>
    route.url.endsWith('*') ? url.startsWith(route.url.slice(0, -1)) : url === route.url,
  );

/** The app_settings row an Admin turns on to require two-factor sign-in of every member (value 'true'). */
export const REQUIRE_TWO_FACTOR_SETTING = 'require_two_factor';

/**
 * Whether a session of `member` (the statement's alias of team_members) must set up two-factor sign-in before
 * anything else, read live at every check, not stamped on the session at sign-in: an Admin requiring it stops the
 * sessions of members without a second factor at once, and stopping requiring it, or the member turning it on, lets
 * them go on. A member who has a second factor passed it at sign-in, or proved it while turning it on
 * (product: roles.md#two-factor).
 */
export const setupPendingSql = (member: SQL) => sql`(${member}.totp_enabled_at is null and exists (
  select 1 from app_settings where key = ${REQUIRE_TWO_FACTOR_SETTING} and value = 'true'))`;

/** Routes a member whose session still waits for two-factor set-up may call (everything else: 403). */
const SETUP_PENDING_ROUTES = [
  '/api/user_info',
  '/api/admin/logout',
  '/api/admin/two-factor',
  '/api/admin/two-factor/setup',
  '/api/admin/two-factor/enable',
];

/**
 * Sessions recently read, per database handle, by session id: a staff request otherwise pays one extra query.
 * This process drops an entry the moment it changes the session or the member (forgetSession, forgetStaff);
 * other processes notice within STAFF_CACHE_MS, the bound on how long an ended session can still work there.
 */
export const STAFF_CACHE_MS = 2000;
/** How stale `last_seen_at` may get before a request refreshes it (the sessions list shows it to the minute). */
const LAST_SEEN_EVERY_S = 60;
interface CachedSession {
  staff: SignedInStaff;
  ver: number;
  setupPending: boolean;
  at: number;
}
const sessionsOf = perObject<Executor, Map<string, CachedSession>>(() => new Map());

/** Call after changing or deleting a member (password, edit, delete, two-factor), with the app's `db`. */
export function forgetStaff(db: Executor, memberId: number): void {
  const cache = sessionsOf(db);
  for (const [sid, entry] of cache) if (entry.staff.id === memberId) cache.delete(sid);
}

/** Call after a change that may stop or free every session (the two-factor requirement). */
export function forgetAllSessions(db: Executor): void {
  sessionsOf(db).clear();
}

/** Call after ending or changing one session. */
export function forgetSession(db: Executor, sessionId: string): void {
  sessionsOf(db).delete(sessionId);
}

/** The signed-in member of a live session, and whether its last-seen time is due for renewal. */
const sessionMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(ROLES),
  ver: z.number(),
  setup_pending: z.boolean(),
  stale: z.boolean(),
});

async function liveSession(db: Executor, sessionId: string): Promise<CachedSession | null> {
  const cache = sessionsOf(db);
  const hit = cache.get(sessionId);
  if (hit && Date.now() - hit.at < STAFF_CACHE_MS) return hit;
  const [row] = await selectRows(
    db,
    sessionMemberSchema,
    sql`
    select m.id, m.name, m.email, m.type, m.token_version as ver, ${setupPendingSql(sql`m`)} as setup_pending,
           s.last_seen_at < now() - make_interval(secs => ${LAST_SEEN_EVERY_S}) as stale
    from staff_sessions s join team_members m on m.id = s.member_id
    where s.id = ${sessionId} and s.ended_at is null and s.expires_at > now()`,
  );
  if (!row) {
    cache.delete(sessionId);
    return null;
  }
  if (row.stale) await db.execute(sql`update staff_sessions set last_seen_at = now() where id = ${sessionId}`);
  const entry = {
    staff: { id: row.id, name: row.name, email: row.email, type: row.type, sessionId },
    ver: row.ver,
    setupPending: row.setup_pending,
    at: Date.now(),
  };
  cache.set(sessionId, entry);
  return entry;
}

/**
 * Tokens this app verified, by their text, until they expire: staff send the same token all day, and
 * verifying it again (or fast-jwt's own cache, which hashes every token it looks up) cost ~6 us a request.
 * Per app (keyed by its verifier, which every plugin context of the app shares), as each app has its own
 * secret. Revocation does not rely on it (the session row and token_version, liveSession).
 */
const VERIFIED_KEPT = 1000;
const verifiedTokensOf = perObject<object, Map<string, { payload: unknown; expiresAt: number }>>(() => new Map());

function verifiedPayload(server: FastifyInstance, token: string): unknown {
  const verified = verifiedTokensOf(server.jwt);
  const hit = verified.get(token);
  if (hit && Date.now() < hit.expiresAt) return hit.payload;
  // The app's verifier directly (built once): request.jwtVerify() merges its options and decodes the token twice.
  const payload = server.jwt.verify(token); // throws unless signed by this app and unexpired
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp === 'number') {
    if (verified.size >= VERIFIED_KEPT) verified.clear();
    verified.set(token, { payload, expiresAt: exp * 1000 });
  }
  return payload;
}

/** Reads the bearer token; throws 401 unless it belongs to a live staff session. */
async function authenticate(request: FastifyRequest, db: Executor): Promise<CachedSession> {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError();
  let payload: unknown;
  try {
    payload = verifiedPayload(request.server, token);
  } catch {
    throw new UnauthorizedError();
  }
  if (!isStaffPayload(payload)) throw new UnauthorizedError();
  const session = await liveSession(db, payload.sid);
  if (!session || session.staff.id !== payload.user.id || session.ver !== payload.ver) throw new UnauthorizedError();
  return session;
}

/**
 * The member of a live session that has finished its sign-in, or null: for a request that proves its session by
 * other means than the bearer header (an export's one-time download ticket, features/exports/export-runs.ts).
 */
export async function staffOfLiveSession(db: Executor, sessionId: string): Promise<SignedInStaff | null> {
  const session = await liveSession(db, sessionId);
  return session && !session.setupPending ? session.staff : null;
}

export async function authenticateStaff(request: FastifyRequest, db: Executor): Promise<SignedInStaff> {
  return (await authenticate(request, db)).staff;
}

export function requirePermission(staff: Staff, permission: Permission, message?: string): void {
  if (!can(staff.type, permission)) throw new ForbiddenError(message);
}

/**
 * onRequest hook for the whole app: every /api route outside PUBLIC_API_ROUTES needs a live staff session, and a
 * session that waits for two-factor set-up reaches only the set-up routes. Runs before the body is read.
 */
export function denyByDefault(getDb: () => Executor) {
  return async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/') || isPublicRoute(url)) return; // unknown paths answer 404
    const session = await authenticate(request, getDb());
    if (session.setupPending && !SETUP_PENDING_ROUTES.includes(url))
      throw new ForbiddenError(TWO_FACTOR_SETUP_REQUIRED);
    request.staff = session.staff;
  };
}
