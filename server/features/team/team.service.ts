/** Manage Team rules (product: roles.md#team-rules): Admin and Manager only; a Manager never touches an Admin. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { forgetStaff, requirePermission, type Staff } from '../../lib/auth';
import { ROLES, type Role } from '../../../shared/roles';
import { endMemberSessions, hashPassword } from '../auth';
import { changingOrders } from '../queue-engine';

const publicColumns = { id: teamMembers.id, name: teamMembers.name, email: teamMembers.email, type: teamMembers.type };

/** The member types the caller may hand out. */
export function assignableTypes(staff: Staff): Role[] {
  requirePermission(staff, 'team:manage');
  return staff.type === 'Admin' ? [...ROLES] : ROLES.filter((r) => r !== 'Admin');
}

function assertMayTouch(staff: Staff, targetType: string, action: string) {
  if (staff.type !== 'Admin' && targetType === 'Admin') {
    throw new ForbiddenError(`Only an Admin can ${action} an Admin.`);
  }
}

export async function listMembers(db: Executor, staff: Staff) {
  requirePermission(staff, 'team:manage');
  return db.select(publicColumns).from(teamMembers).orderBy(asc(teamMembers.name), asc(teamMembers.id));
}

export async function getMember(db: Executor, staff: Staff, id: number) {
  requirePermission(staff, 'team:manage');
  const [member] = await db.select(publicColumns).from(teamMembers).where(eq(teamMembers.id, id));
  if (!member) throw new NotFoundError('Team member not found.');
  return member;
}

async function assertEmailFree(db: Executor, email: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(eq(sql`lower(${teamMembers.email})`, email.toLowerCase()));
  if (taken && taken.id !== exceptId) throw new ConflictError('A team member with this email already exists.');
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export async function addMember(
  db: Db,
  staff: Staff,
  input: { name: string; email: string; password: string; type: Role },
) {
  requirePermission(staff, 'team:manage');
  assertMayTouch(staff, input.type, 'create');
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
      .insert(teamMembers)
      .values({ name: input.name, email: input.email, passwordHash, type: input.type })
      .returning(publicColumns);
    return created!;
  } catch (error) {
    // Two simultaneous adds of one e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError('A team member with this email already exists.');
    throw error;
  }
}

async function adminCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.type, 'Admin'));
  return row?.n ?? 0;
}

export async function updateMember(
  db: Db,
  staff: Staff,
  input: { tmId: number; name: string; email: string; password: string; type: Role },
) {
  requirePermission(staff, 'team:manage');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx
      .select(publicColumns)
      .from(teamMembers)
      .where(eq(teamMembers.id, input.tmId))
      .for('update');
    if (!current) throw new NotFoundError('Team member not found.');
    assertMayTouch(staff, current.type, 'edit');
    assertMayTouch(staff, input.type, 'make someone');
    if (current.type === 'Admin' && input.type !== 'Admin' && (await adminCount(tx)) <= 1) {
      throw new ConflictError('The last Admin cannot be given another role.');
    }
    await assertEmailFree(tx, input.email, input.tmId);
    try {
      const [updated] = await tx
        .update(teamMembers)
        .set({
          name: input.name,
          email: input.email,
          type: input.type,
          ...(passwordHash ? { passwordHash } : {}),
          // An edit revokes the member's existing sessions (product: roles.md#team-rules).
          tokenVersion: sql`${teamMembers.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(teamMembers.id, input.tmId))
        .returning(publicColumns);
      // ...and ends their rows, so the Admin's list of their sessions says so too.
      await endMemberSessions(tx, input.tmId, 'admin');
      return updated!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A team member with this email already exists.');
      throw error;
    }
  });
  forgetStaff(db, input.tmId);
  return updated;
}

export async function deleteMember(db: Db, staff: Staff, id: number) {
  requirePermission(staff, 'team:manage');
  if (id === staff.id) throw new ForbiddenError('You cannot delete your own account.');
  await changingOrders(db, async (tx) => {
    const [current] = await tx.select(publicColumns).from(teamMembers).where(eq(teamMembers.id, id)).for('update');
    if (!current) throw new NotFoundError('Team member not found.');
    assertMayTouch(staff, current.type, 'delete');
    // Orders assigned to the member return to the queues (FK on delete set null); logs keep the name.
    await tx.delete(teamMembers).where(eq(teamMembers.id, id));
  });
  forgetStaff(db, id);
}
