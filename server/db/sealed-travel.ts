/**
 * The order's answers sealed at rest (product: security.md#columns): every column of the travel stage but nationality
 * (passport number, birth date, passport expiry, occupation, home address, flight, address in Japan, visit, the
 * immigration and customs answers) lives in ONE sealed value, `orders.travel_sealed`, the JSON of those columns sealed
 * under the context `orders.travel`. While it is set, the columns themselves hold blanks (the blank an erasure
 * writes: '' for a required text, 0 for a required number, null otherwise), so a dump of the table shows none of them.
 *
 * One value per order, not one per column: the birth date and expiry are integer columns, and changing their type in
 * place would rewrite `orders` (docs/migrations.md); one value also costs one decryption per order read.
 *
 * Reads go through `withTravelOpened` (rows under their SQL names) or `withTravelOpenedCamel` (Drizzle rows): a row
 * comes out exactly as it was before sealing. A row with no sealed value (stored before sealing, or erased) is
 * returned as it is. No SQL here: the statements live in their homes (docs/decisions/0050).
 */
import { getTableColumns } from 'drizzle-orm';
import type { KeyRing } from '../lib/encryption/key-ring';
import { orders } from './schema';

/** The context every sealed travel value is bound to: a value copied into another column does not open there. */
export const TRAVEL_CONTEXT = 'orders.travel';
/** The context of the passport number's blind index. */
export const PASSPORT_INDEX_CONTEXT = 'orders.passport_number';

export const SEALED_TRAVEL_COLUMNS = [
  'has_japanese_passport',
  'has_reentry_permission',
  'passport_number',
  'date_of_dob',
  'month_of_dob',
  'year_of_dob',
  'date_of_expiry',
  'month_of_expiry',
  'year_of_expiry',
  'occupation',
  'home_address_country_name',
  'home_address_city_name',
  'airline_company',
  'flight_number',
  'point_of_embarkation',
  'postal_code_japan',
  'prefecture',
  'other_prefecture',
  'city',
  'other_city',
  'address',
  'hotel_name',
  'purpose_of_visit',
  'specific_purpose_for_visit',
  'duration_of_stay',
  'immigration_one',
  'immigration_two',
  'immigration_three',
  'immigration_four',
  'declaration_one',
  'declaration_two',
  'declaration_three',
  'declaration_four',
  'declaration_five',
  'declaration_six',
  'declaration_seven',
  'declaration_eight',
  'quantity_of_unaccompanied_articles',
  'alcoholic_beverages',
  'cigarettes',
  'heat_not_burn',
  'cigars',
  'others',
  'perfume',
  'article_name',
  'quantity',
  'unit',
  'market_value',
  'currency',
] as const;

export type SealedColumn = (typeof SEALED_TRAVEL_COLUMNS)[number];
export type TravelValue = string | number | null;
export type TravelValues = Record<SealedColumn, TravelValue>;
type OrderRow = typeof orders.$inferSelect;
type OrderInsert = typeof orders.$inferInsert;

interface ColumnInfo {
  /** The Drizzle field (camelCase). */
  key: keyof OrderRow & keyof OrderInsert;
  kind: 'text' | 'integer' | 'numeric';
  /** Digits after the point of a numeric column: its text as PostgreSQL gives it ("12.50"). */
  scale: number;
  notNull: boolean;
}

const INFO = (() => {
  const byName = new Map(
    Object.entries(getTableColumns(orders)).map(([key, column]) => [column.name, { key, column }]),
  );
  return Object.fromEntries(
    SEALED_TRAVEL_COLUMNS.map((name) => {
      const found = byName.get(name);
      if (!found) throw new Error(`sealed-travel: orders has no column ${name}`);
      const { columnType, notNull } = found.column;
      const kind = columnType === 'PgText' ? 'text' : columnType === 'PgNumeric' ? 'numeric' : 'integer';
      const scale = (found.column as unknown as { scale?: number }).scale ?? 0;
      return [name, { key: found.key as ColumnInfo['key'], kind, scale, notNull }];
    }),
  ) as Record<SealedColumn, ColumnInfo>;
})();

export const isSealedColumn = (name: string): name is SealedColumn => Object.hasOwn(INFO, name);
export const isNumericColumn = (name: SealedColumn) => INFO[name].kind === 'numeric';

/** What a sealed column holds in clear while its row is sealed: the blank of its type, as an erasure writes it. */
export function clearBlank(name: SealedColumn): '' | 0 | null {
  const { kind, notNull } = INFO[name];
  if (!notNull) return null;
  return kind === 'text' ? '' : 0;
}

/** A value as the column stores it: text as text, integers as numbers, numeric as PostgreSQL's text ("12.50"). */
function stored(name: SealedColumn, value: unknown): TravelValue {
  if (value === null || value === undefined) return null;
  const { kind, scale } = INFO[name];
  if (kind === 'text') return String(value);
  if (kind === 'integer') return Number(value);
  return Number(value).toFixed(scale);
}

/** A passport number as its blind index is computed, on write and on lookup: no spaces or dashes, upper case. */
export const passportLookupKey = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A search term that may be a passport number: 5-20 letters and digits with at least one digit (intake's rule). */
export function passportTerm(term: string): string | null {
  const key = passportLookupKey(term.trim());
  return /^[A-Z0-9]{5,20}$/.test(key) && /\d/.test(key) ? key : null;
}

/**
 * The blind indexes a search term would have as a passport number, under every key of the ring (an order sealed
 * before a rotation is found too), or null for a term that cannot be one: the search costs nothing more then.
 */
export function passportIndexesOf(ring: KeyRing, term: string | undefined): string[] | null {
  const key = term ? passportTerm(term) : null;
  return key ? ring.blindIndexes(key, PASSPORT_INDEX_CONTEXT) : null;
}

export interface SealedTravel {
  travel_sealed: string;
  passport_number_index: string | null;
}

/** Seals the travel values of one order (a column missing from `values` is null) and its passport's blind index. */
export function sealTravel(ring: KeyRing, values: Partial<Record<SealedColumn, unknown>>): SealedTravel {
  // Nulls are left out of the JSON (openTravel gives them back): a shorter value to encrypt and to store.
  const plain: Partial<Record<SealedColumn, TravelValue>> = {};
  for (const name of SEALED_TRAVEL_COLUMNS) {
    const value = stored(name, values[name]);
    if (value !== null) plain[name] = value;
  }
  const passport = typeof plain.passport_number === 'string' ? passportLookupKey(plain.passport_number) : '';
  return {
    travel_sealed: ring.sealValue(JSON.stringify(plain), TRAVEL_CONTEXT),
    passport_number_index: passport ? ring.blindIndex(passport, PASSPORT_INDEX_CONTEXT) : null,
  };
}

/** The travel values of a sealed value (throws naming the key when the ring lacks it or it is not that key). */
export function openTravel(ring: KeyRing, sealed: string): TravelValues {
  const values = JSON.parse(ring.openValue(sealed, TRAVEL_CONTEXT)) as Partial<TravelValues>;
  for (const name of SEALED_TRAVEL_COLUMNS) values[name] ??= null;
  return values as TravelValues;
}

/** The blanks of every sealed column under its SQL name: what the row holds in clear once sealed. */
export const CLEAR_BLANKS: Readonly<Record<SealedColumn, '' | 0 | null>> = Object.fromEntries(
  SEALED_TRAVEL_COLUMNS.map((name) => [name, clearBlank(name)]),
) as Record<SealedColumn, '' | 0 | null>;

/** A row read under its SQL names, with the sealed columns as they were before sealing. */
export function withTravelOpened<R extends { travel_sealed?: unknown }>(ring: KeyRing, row: R): R {
  if (typeof row.travel_sealed !== 'string') return row;
  return { ...row, ...openTravel(ring, row.travel_sealed) };
}

/** A Drizzle row of orders, with the sealed columns as they were before sealing. */
export function withTravelOpenedCamel<R extends Partial<OrderRow>>(ring: KeyRing, row: R): R {
  if (typeof row.travelSealed !== 'string') return row;
  const values = openTravel(ring, row.travelSealed);
  const out: Record<string, unknown> = { ...row };
  for (const name of SEALED_TRAVEL_COLUMNS) out[INFO[name].key] = values[name];
  return out as R;
}

/** The travel values of a Drizzle insert, under their SQL names. */
export function travelValuesOf(values: Partial<OrderInsert>): Partial<Record<SealedColumn, unknown>> {
  return Object.fromEntries(SEALED_TRAVEL_COLUMNS.map((name) => [name, values[INFO[name].key]]));
}

/** A Drizzle insert of orders sealed: the travel columns blank, their values in travelSealed, the passport's index. */
export function sealedInsert<V extends OrderInsert>(ring: KeyRing, values: V): V {
  const sealed = sealTravel(ring, travelValuesOf(values));
  const out: Record<string, unknown> = { ...values };
  for (const name of SEALED_TRAVEL_COLUMNS) out[INFO[name].key] = clearBlank(name);
  out.travelSealed = sealed.travel_sealed;
  out.passportNumberIndex = sealed.passport_number_index;
  return out as V;
}
