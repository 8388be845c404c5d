/**
 * Saved queue views (docs/decisions/0023). A member sees their own views of a queue and every shared one;
 * creates, renames and changes their own; an Admin or Manager (`views:share`) also shares and unshares any view they
 * can see and deletes shared views. Another member's unshared view is answered as not found.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { can } from '../../../shared/roles';
import type { Folder } from '../../../shared/orders';
import { savedViewQuery, savedViewSchema, type SavedView } from '../../../shared/schemas/saved-views';
import { SAVED_VIEWS_PER_FOLDER } from '../../../shared/schemas/saved-views-texts';
import { selectRows, type Db, type Executor } from '../../db/client';
import { countRow, idRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { assertMayReadFolder } from '../queue-engine';

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const VIEW_COLUMNS = sql`v.id, v.folder, v.name, v.query, v.shared, v.member_id as "ownerId", coalesce(tm.name, '') as "ownerName",
  ${ISO('v.created_at')} as "createdAt", ${ISO('v.updated_at')} as "updatedAt"`;

const viewRowSchema = savedViewSchema.omit({ mine: true });
type ViewRow = z.infer<typeof viewRowSchema>;
const withMine =
  (staff: Staff) =>
  (row: ViewRow): SavedView => ({ ...row, mine: row.ownerId === staff.id });

function normalisedQuery(raw: string): string {
  const result = savedViewQuery(raw);
  if ('errors' in result) {
    throw new BadRequestError(
      result.errors[0]!.message,
      Object.fromEntries(result.errors.map((e) => [e.path, e.message])),
    );
  }
  return result.query;
}

const duplicateName = (name: string) => new ConflictError(`You already have a view named "${name}" in this queue.`);
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** Own views of the folder and every shared one: the member's own first, each group by name. */
export async function listViews(db: Executor, staff: Staff, folder: Folder): Promise<SavedView[]> {
  assertMayReadFolder(staff, folder);
  const rows = await selectRows(
    db,
    viewRowSchema,
    sql`
    select ${VIEW_COLUMNS} from saved_views v left join team_members tm on tm.id = v.member_id
    where v.folder = ${folder} and (v.member_id = ${staff.id} or v.shared)
    order by (v.member_id = ${staff.id}) desc, lower(v.name), v.id`,
  );
  return rows.map(withMine(staff));
}

/** A view the member may see (own or shared), else 404; `afterChange`: the view just changed (a Manager may have unshared it). */
async function viewFor(db: Executor, staff: Staff, id: number, afterChange = false): Promise<SavedView> {
  const visible = afterChange ? sql`true` : sql`(v.member_id = ${staff.id} or v.shared)`;
  const [row] = await selectRows(
    db,
    viewRowSchema,
    sql`
    select ${VIEW_COLUMNS} from saved_views v left join team_members tm on tm.id = v.member_id
    where v.id = ${id} and ${visible}`,
  );
  if (!row) throw new NotFoundError('The saved view was not found.');
  return withMine(staff)(row);
}

export async function createView(
  db: Db,
  staff: Staff,
  input: { folder: Folder; name: string; query: string; shared: boolean },
): Promise<SavedView> {
  assertMayReadFolder(staff, input.folder);
  if (input.shared) requirePermission(staff, 'views:share', 'Only an Admin or a Manager can share a view.');
  const query = normalisedQuery(input.query);
  try {
    return await db.transaction(async (tx) => {
      const [{ n }] = (await selectRows(
        tx,
        countRow,
        sql`select count(*)::int as n from saved_views where member_id = ${staff.id} and folder = ${input.folder}`,
      )) as [{ n: number }];
      if (n >= SAVED_VIEWS_PER_FOLDER)
        throw new ConflictError(`You have ${SAVED_VIEWS_PER_FOLDER} views of this queue; delete one first.`);
      const [created] = await selectRows(
        tx,
        idRow,
        sql`
        insert into saved_views (member_id, folder, name, query, shared)
        values (${staff.id}, ${input.folder}, ${input.name}, ${query}, ${input.shared}) returning id`,
      );
      return viewFor(tx, staff, created!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export async function updateView(
  db: Db,
  staff: Staff,
  id: number,
  input: { name?: string | undefined; query?: string | undefined; shared?: boolean | undefined },
): Promise<SavedView> {
  const view = await viewFor(db, staff, id);
  const changesContent = input.name !== undefined || input.query !== undefined;
  if (changesContent && !view.mine)
    throw new ForbiddenError('Only the member who saved a view can rename or change it.');
  if (input.shared !== undefined && input.shared !== view.shared) {
    requirePermission(staff, 'views:share', 'Only an Admin or a Manager can share a view or stop sharing it.');
  }
  const query = input.query !== undefined ? normalisedQuery(input.query) : undefined;
  const sets = [
    ...(input.name !== undefined ? [sql`name = ${input.name}`] : []),
    ...(query !== undefined ? [sql`query = ${query}`] : []),
    ...(input.shared !== undefined ? [sql`shared = ${input.shared}`] : []),
  ];
  if (!sets.length) return view;
  try {
    await db.execute(sql`update saved_views set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name ?? view.name);
    throw error;
  }
  return viewFor(db, staff, id, true);
}

export async function deleteView(db: Executor, staff: Staff, id: number): Promise<void> {
  const view = await viewFor(db, staff, id);
  if (!view.mine && !can(staff.type, 'views:share')) {
    throw new ForbiddenError('Only the member who saved a view, an Admin or a Manager can delete it.');
  }
  await db.execute(sql`delete from saved_views where id = ${id}`);
}
