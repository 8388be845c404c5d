/**
 * The statements of the request for information: its requests, their links (tokens kept as SHA-256 hashes only) and
 * change sets, the order columns a request reads and writes, and the follow-up's due requests. The one home of its
 * SQL on `orders` (scripts/check-order-sql.mjs). Every row is decoded by its schema; the services
 * decide, these read and write in the caller's transaction.
 */
import { z } from 'zod';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { informationRequestChanges, informationRequestLinks, informationRequests } from '../../db/schema';
import { intakeOrderSchema } from '../../../shared/schemas/order-intake';
import { REQUEST_STATES } from '../../../shared/schemas/information-request-texts';
import type { ColumnValues } from '../../../shared/schemas/information-requests';
import {
  CLEAR_BLANKS,
  isNumericColumn,
  isSealedColumn,
  openTravel,
  SEALED_TRAVEL_COLUMNS,
  sealTravel,
  type TravelValues,
} from '../../db/sealed-travel';
import type { KeyRing } from '../../lib/encryption/key-ring';

/** A new link token: 32 random bytes, URL-safe. Only its hash is stored (tokenHash). */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const value = z.union([z.string(), z.number(), z.null()]);

export const requestRowSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  fields: z.array(z.string()),
  note: z.string(),
  state: z.enum(REQUEST_STATES),
  from_status: z.string(),
  requested_by_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  answered_at: z.string().nullable(),
  first_reminder_at: z.string().nullable(),
  second_reminder_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  decline_note: z.string().nullable(),
  /** Whether the link has run out (read by the database's clock, as every time here). */
  expired: z.boolean(),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

const requestColumns = (now: Date) => sql`
  r.id::int as id, r.order_id::int as order_id, r.fields, r.note, r.state, r.from_status, r.requested_by_name,
  r.created_at, r.expires_at, r.answered_at, r.first_reminder_at, r.second_reminder_at, r.escalated_at,
  r.reviewed_by_name, r.reviewed_at, r.decline_note, r.expires_at <= ${now.toISOString()}::timestamptz as expired`;

export async function insertRequest(
  tx: Executor,
  input: {
    orderId: number;
    fields: string[];
    note: string;
    fromStatus: string;
    staff: { id: number; name: string };
    now: Date;
    linkDays: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(informationRequests)
    .values({
      orderId: input.orderId,
      fields: input.fields,
      note: input.note,
      fromStatus: input.fromStatus,
      requestedById: input.staff.id,
      requestedByName: input.staff.name,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.linkDays * 86_400_000),
    })
    .returning({ id: informationRequests.id });
  return row!.id;
}

/** A new link for the request: the token to mail (never stored). */
export async function insertLink(tx: Executor, requestId: number, orderId: number): Promise<string> {
  const token = newToken();
  await tx.insert(informationRequestLinks).values({ tokenHash: tokenHash(token), requestId, orderId });
  return token;
}

/** The request a link opens, locked when `lock` (the answer), or null for a token no link has. */
export async function requestOfToken(tx: Executor, token: string, now: Date, lock = false): Promise<RequestRow | null> {
  const [row] = await selectRows(
    tx,
    requestRowSchema,
    sql`
    select ${requestColumns(now)}
    from information_request_links l join information_requests r on r.id = l.request_id
    where l.token_hash = ${tokenHash(token)}
    ${lock ? sql`for update of r` : sql``}`,
  );
  return row ?? null;
}

export async function requestById(
  tx: Executor,
  requestId: number,
  now: Date,
  lock = false,
): Promise<RequestRow | null> {
  const [row] = await selectRows(
    tx,
    requestRowSchema,
    sql`select ${requestColumns(now)} from information_requests r where r.id = ${requestId}
    ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export async function requestsOfOrder(db: Executor, orderId: number, now: Date): Promise<RequestRow[]> {
  return selectRows(
    db,
    requestRowSchema,
    sql`select ${requestColumns(now)} from information_requests r where r.order_id = ${orderId}
    order by r.created_at desc, r.id desc`,
  );
}

export async function hasOpenRequest(tx: Executor, orderId: number): Promise<boolean> {
  const rows = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`select id::int as id from information_requests where order_id = ${orderId} and state = 'open'`,
  );
  return rows.length > 0;
}

export async function setState(
  tx: Executor,
  requestId: number,
  state: (typeof REQUEST_STATES)[number],
  extra: { answeredAt?: Date; reviewer?: { id: number; name: string }; declineNote?: string; now?: Date } = {},
): Promise<void> {
  const at = (extra.now ?? new Date()).toISOString();
  await tx.execute(sql`
    update information_requests set state = ${state}
      ${extra.answeredAt ? sql`, answered_at = ${extra.answeredAt.toISOString()}::timestamptz` : sql``}
      ${extra.reviewer ? sql`, reviewed_by_id = ${extra.reviewer.id}, reviewed_by_name = ${extra.reviewer.name}, reviewed_at = ${at}::timestamptz` : sql``}
      ${extra.declineNote !== undefined ? sql`, decline_note = ${extra.declineNote}` : sql``}
    where id = ${requestId}`);
}

export const changeRowSchema = z.object({
  request_id: z.number(),
  field: z.string(),
  old_value: value,
  new_value: value,
});
export type ChangeRow = z.infer<typeof changeRowSchema>;

/** The context of a change set's sealed values: a value copied from an order's sealed answers does not open here. */
export const CHANGE_CONTEXT = 'information_request_changes.value';

/**
 * A change set's value as stored (product: security.md#columns): the old and new value of an answer the order keeps
 * sealed are sealed too, as `{"sealed": "ev1..."}` (an object, which no answer is); the others as they are.
 */
export function storedChangeValue(ring: KeyRing, field: string, value: string | number | null): unknown {
  return value !== null && isSealedColumn(field)
    ? { sealed: ring.sealValue(JSON.stringify(value), CHANGE_CONTEXT) }
    : value;
}

const sealedChange = z.object({ sealed: z.string() });

/** A stored change value as it was answered: a sealed one opened. */
export function openedChangeValue(ring: KeyRing, stored: unknown): string | number | null {
  const sealed = sealedChange.safeParse(stored);
  return sealed.success
    ? value.parse(JSON.parse(ring.openValue(sealed.data.sealed, CHANGE_CONTEXT)))
    : value.parse(stored);
}

export async function insertChanges(
  tx: Executor,
  ring: KeyRing,
  requestId: number,
  orderId: number,
  changes: { field: string; oldValue: string | number | null; newValue: string | number | null }[],
): Promise<void> {
  if (!changes.length) return;
  await tx.insert(informationRequestChanges).values(
    changes.map((c) => ({
      requestId,
      orderId,
      field: c.field,
      // jsonb: a JSON null is kept as SQL null, so an erased value and "no value" read alike.
      oldValue: storedChangeValue(ring, c.field, c.oldValue),
      newValue: storedChangeValue(ring, c.field, c.newValue),
    })),
  );
}

const storedChangeSchema = z.object({
  request_id: z.number(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
});

export async function changesOf(db: Executor, ring: KeyRing, requestIds: number[]): Promise<ChangeRow[]> {
  if (!requestIds.length) return [];
  const rows = await selectRows(
    db,
    storedChangeSchema,
    sql`select request_id::int as request_id, field, old_value, new_value from information_request_changes
    where request_id in (${sql.join(
      requestIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`,
  );
  return rows.map((r) => ({
    request_id: r.request_id,
    field: r.field,
    old_value: openedChangeValue(ring, r.old_value),
    new_value: openedChangeValue(ring, r.new_value),
  }));
}

// ---------------------------------------------------------------- the order's columns

/**
 * The order columns an application holds, by their intake names (the intake schema's keys that are columns), and
 * the payment and processing columns the intake schema's rules read besides.
 */
const NOT_COLUMNS = new Set(['amount', 'article_currency']);
export const APPLICATION_COLUMNS = [
  ...Object.keys(intakeOrderSchema.shape).filter((k) => !NOT_COLUMNS.has(k)),
  'payment_amount',
  'payment_currency',
];
const orderStateSchema = z.object({
  status: z.string(),
  erased: z.boolean(),
  row: z.record(z.string(), z.unknown()),
});
export interface RequestOrder {
  status: string;
  erased: boolean;
  values: ColumnValues;
}

const asValue = (v: unknown): string | number | null =>
  typeof v === 'string' || typeof v === 'number' ? v : v === null || v === undefined ? null : JSON.stringify(v);

/**
 * The sealed answers of a row read as `to_jsonb(o)`, in the forms to_jsonb gives the columns (numeric as a number), or
 * nothing for a row stored in clear or erased (its columns are what they hold).
 */
function openedAnswers(ring: KeyRing, row: Record<string, unknown>): Partial<Record<string, unknown>> {
  if (typeof row.travel_sealed !== 'string') return {};
  const values: Record<string, unknown> = openTravel(ring, row.travel_sealed);
  for (const name of SEALED_TRAVEL_COLUMNS)
    if (isNumericColumn(name) && values[name] !== null) values[name] = Number(values[name]);
  return values;
}

/** The order's status, whether its answers were erased, and its application's values; locked when `lock`. */
export async function readOrder(
  tx: Executor,
  ring: KeyRing,
  orderId: number,
  lock = false,
): Promise<RequestOrder | null> {
  const [found] = await selectRows(
    tx,
    orderStateSchema,
    sql`
    select o.process_status as status, (o.travel_erased_at is not null or o.purged_at is not null) as erased,
      to_jsonb(o) as row
    from orders o where o.order_id = ${orderId} ${lock ? sql`for update` : sql``}`,
  );
  if (!found) return null;
  const row = { ...found.row, ...openedAnswers(ring, found.row) };
  const values = Object.fromEntries(APPLICATION_COLUMNS.map((c) => [c, asValue(row[c])]));
  return { status: found.status, erased: found.erased, values };
}

const jsonRowSchema = z.object({ row: z.record(z.string(), z.unknown()) });

/**
 * Writes the values on the order (column names from the catalog only; the caller holds the order's lock). Sealed
 * answers are sealed again with the rest of the order's (an order stored in clear is sealed by it).
 */
export async function writeColumns(tx: Executor, ring: KeyRing, orderId: number, values: ColumnValues): Promise<void> {
  const names = Object.keys(values).filter((n) => APPLICATION_COLUMNS.includes(n));
  if (!names.length) return;
  const sets = names.filter((n) => !isSealedColumn(n)).map((n) => sql`${sql.identifier(n)} = ${values[n]}`);
  if (names.some(isSealedColumn)) {
    const [current] = await selectRows(
      tx,
      jsonRowSchema,
      sql`select to_jsonb(o) as row from orders o where o.order_id = ${orderId}`,
    );
    const row = { ...current!.row, ...openedAnswers(ring, current!.row) };
    const travel = Object.fromEntries(
      SEALED_TRAVEL_COLUMNS.map((c) => [c, names.includes(c) ? values[c] : row[c]]),
    ) as TravelValues;
    const sealed = sealTravel(ring, travel);
    sets.push(
      sql`travel_sealed = ${sealed.travel_sealed}`,
      sql`passport_number_index = ${sealed.passport_number_index}`,
      ...SEALED_TRAVEL_COLUMNS.map((c) => sql`${sql.identifier(c)} = ${CLEAR_BLANKS[c]}`),
    );
  }
  await tx.execute(sql`update orders set ${sql.join(sets, sql`, `)}, updated_at = now() where order_id = ${orderId}`);
}

/** The orders whose customer replied and wait for a review (the queues' marks). */
export async function repliedOrderIds(db: Executor): Promise<number[]> {
  const rows = await selectRows(
    db,
    z.object({ order_id: z.number() }),
    sql`select distinct order_id::int as order_id from information_requests where state = 'answered' order by 1 limit 5000`,
  );
  return rows.map((r) => r.order_id);
}

const dueSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  fields: z.array(z.string()),
  note: z.string(),
  expires_at: z.string(),
  first_due: z.boolean(),
  second_due: z.boolean(),
  escalate_due: z.boolean(),
  expired: z.boolean(),
  ended: z.boolean(),
});
export type DueRequest = z.infer<typeof dueSchema>;

/**
 * Open requests with something due as of `now` (a reminder, the escalation, expiry, or an order finished, deleted or
 * erased), locked FOR UPDATE SKIP LOCKED: a request another process holds is left to it. Times are ISO instants.
 */
export async function claimDueRequests(
  tx: Executor,
  at: {
    now: Date;
    firstBefore: string;
    secondBefore: string;
    escalateBefore: string;
    closedStatuses: readonly string[];
    limit: number;
  },
): Promise<DueRequest[]> {
  const now = at.now.toISOString();
  const closed = sql.join(
    at.closedStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const ended = sql`(o.travel_erased_at is not null or o.purged_at is not null or o.process_status in (${closed}))`;
  const first = sql`(r.first_reminder_at is null and r.created_at <= ${at.firstBefore}::timestamptz)`;
  const second = sql`(r.second_reminder_at is null and r.created_at <= ${at.secondBefore}::timestamptz)`;
  const escalate = sql`(r.escalated_at is null and r.created_at <= ${at.escalateBefore}::timestamptz)`;
  const expired = sql`r.expires_at <= ${now}::timestamptz`;
  return selectRows(
    tx,
    dueSchema,
    sql`
    select r.id::int as id, r.order_id::int as order_id, r.fields, r.note, r.expires_at,
      ${first} as first_due, ${second} as second_due, ${escalate} as escalate_due, ${expired} as expired,
      ${ended} as ended
    from information_requests r join orders o on o.order_id = r.order_id
    where r.state = 'open' and (${expired} or ${ended} or ${first} or ${second} or ${escalate})
    order by r.id
    limit ${at.limit}
    for update of r skip locked`,
  );
}
