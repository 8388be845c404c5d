/**
 * Staff authentication: a signed, expiring JWT whose payload carries
 * `user.{id,name,type}` (spec section 3) and the member's token version. Every
 * request re-reads the member, so a password change, an edit or a deletion
 * revokes older tokens at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Role, Permission } from '../../shared/roles';
import { can } from '../../shared/roles';
import { teamMembers } from '../db/schema';
import type { Executor } from '../db/client';
import { ForbiddenError, UnauthorizedError } from './errors';

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

/** Reads the bearer token; throws 401 unless it is a current staff token. */
export async function authenticateStaff(request: FastifyRequest, db: Executor): Promise<Staff> {
  let payload: unknown;
  try {
    payload = await request.jwtVerify();
  } catch {
    throw new UnauthorizedError();
  }
  if (!isStaffPayload(payload)) throw new UnauthorizedError();
  const [member] = await db
    .select({ id: teamMembers.id, name: teamMembers.name, email: teamMembers.email, type: teamMembers.type, ver: teamMembers.tokenVersion })
    .from(teamMembers)
    .where(eq(teamMembers.id, payload.user.id));
  if (!member || member.ver !== payload.ver) throw new UnauthorizedError();
  return { id: member.id, name: member.name, email: member.email, type: member.type as Role };
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
