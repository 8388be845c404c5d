/**
 * Staff authentication: a signed, expiring JWT whose payload carries
 * `user.{id,name,type}` (spec section 3) and the member's token version. Every
 * request re-reads the member, so a password change, an edit or a deletion
 * revokes older tokens at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Role, Permission } from '../../shared/roles';
import { can } from '../../shared/roles';
import { teamMembers } from '../db/schema';
import type { Executor } from '../db/client';
import { ForbiddenError, UnauthorizedError } from './errors';
import { perObject } from './per-object';

export interface Staff {
  id: number;
  name: string;
  email: string;
  type: Role;
}

export interface StaffTokenPayload {
  user: { id: number; name: string; type: Role };
  ver: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: StaffTokenPayload | Record<string, unknown>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: Staff;
  }
}

function isStaffPayload(value: unknown): value is StaffTokenPayload {
  const v = value as StaffTokenPayload | null;
  return !!v && typeof v === 'object' && typeof v.user?.id === 'number' && typeof v.ver === 'number';
}

/**
 * Members recently read, per database handle: a staff request otherwise pays one
 * extra query just to compare token versions. This process drops an entry the
 * moment it changes the member (forgetStaff); other processes notice within
 * STAFF_CACHE_MS, the bound on how long a revoked token can still work there.
 */
export const STAFF_CACHE_MS = 2000;
interface CachedMember { staff: Staff; ver: number; at: number }
const membersOf = perObject<Executor, Map<number, CachedMember>>(() => new Map());

/** Call after changing or deleting a member (password, edit, delete), with the app's `db`. */
export function forgetStaff(db: Executor, memberId: number): void {
  membersOf(db).delete(memberId);
}

async function currentMember(db: Executor, id: number): Promise<CachedMember | null> {
  const cache = membersOf(db);
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < STAFF_CACHE_MS) return hit;
  const [member] = await db
    .select({ id: teamMembers.id, name: teamMembers.name, email: teamMembers.email, type: teamMembers.type, ver: teamMembers.tokenVersion })
    .from(teamMembers)
    .where(eq(teamMembers.id, id));
  if (!member) {
    cache.delete(id);
    return null;
  }
  const entry = { staff: { id: member.id, name: member.name, email: member.email, type: member.type as Role }, ver: member.ver, at: Date.now() };
  cache.set(id, entry);
  return entry;
}

/**
 * Tokens this app verified, by their text, until they expire: staff send the same token all day, and
 * verifying it again (or fast-jwt's own cache, which hashes every token it looks up) cost ~6 us a request.
 * Per app (keyed by its verifier, which every plugin context of the app shares), as each app has its own
 * secret. Revocation does not rely on it (token_version, currentMember).
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

/** Reads the bearer token; throws 401 unless it is a current staff token. */
export async function authenticateStaff(request: FastifyRequest, db: Executor): Promise<Staff> {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError();
  let payload: unknown;
  try {
    payload = verifiedPayload(request.server, token);
  } catch {
    throw new UnauthorizedError();
  }
  if (!isStaffPayload(payload)) throw new UnauthorizedError();
  const member = await currentMember(db, payload.user.id);
  if (!member || member.ver !== payload.ver) throw new UnauthorizedError();
  return member.staff;
}

export function requirePermission(staff: Staff, permission: Permission, message?: string): void {
  if (!can(staff.type, permission)) throw new ForbiddenError(message);
}

/** preHandler for staff routes: sets `request.staff`. */
export function staffOnly(getDb: () => Executor) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.staff = await authenticateStaff(request, getDb());
  };
}
