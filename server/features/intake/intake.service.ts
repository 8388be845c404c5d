/**
 * Order intake for the landing sites (product: orders.md#intake). One transaction
 * creates the order, its Idempotency-Key record and the "Order received" log
 * line; a retried submission with the same key returns the first order.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intakeRequests, landingSites, orders } from '../../db/schema';
import { sealedInsert } from '../../db/sealed-travel';
import type { KeyRing } from '../../lib/encryption/key-ring';
import { ConflictError, UnauthorizedError } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import type { IntakeOrder } from '../../../shared/schemas/order-intake';
import { changingOrders } from '../queue-engine';

export interface IntakeSite {
  id: number;
  siteKey: string;
  /** The language of an order that names none. */
  defaultLocale: string;
}

/** The landing site an API key belongs to (INTAKE_API_KEYS), or 401. */
export async function siteForKey(
  db: Db,
  keys: Map<string, string>,
  authorization: string | undefined,
): Promise<IntakeSite> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const siteKey = match ? keys.get(match[1]!) : undefined;
  if (!siteKey) throw new UnauthorizedError('Invalid or missing API key.');
  const [site] = await db
    .select({ id: landingSites.id, siteKey: landingSites.siteKey, defaultLocale: landingSites.defaultLocale })
    .from(landingSites)
    .where(eq(landingSites.siteKey, siteKey));
  if (!site) throw new UnauthorizedError('This API key belongs to a landing site that does not exist.');
  return site;
}

const money = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));

function orderValues(site: IntakeSite, o: IntakeOrder): typeof orders.$inferInsert {
  const foreignVisitor = o.has_japanese_passport === 'no' && o.has_reentry_permission === 'no';
  return {
    landingSiteId: site.id,
    locale: o.locale ?? site.defaultLocale,
    processingMode: o.processing_mode,
    processingDate: o.processing_mode === 'future' ? (o.processing_date ?? null) : null,
    hasJapanesePassport: o.has_japanese_passport,
    hasReentryPermission: o.has_reentry_permission,
    passportNumber: o.passport_number,
    surname: o.surname.toUpperCase(),
    givenName: o.given_name.toUpperCase(),
    nationality: o.nationality,
    dateOfDob: o.date_of_dob,
    monthOfDob: o.month_of_dob,
    yearOfDob: o.year_of_dob,
    dateOfExpiry: o.date_of_expiry,
    monthOfExpiry: o.month_of_expiry,
    yearOfExpiry: o.year_of_expiry,
    occupation: o.occupation,
    homeAddressCountryName: foreignVisitor ? (o.home_address_country_name ?? null) : null,
    homeAddressCityName: foreignVisitor ? o.home_address_city_name : null,
    email: o.email,
    dateOfArrivalInJapan: o.date_of_arrival_in_japan,
    monthOfArrivalInJapan: o.month_of_arrival_in_japan,
    yearOfArrivalInJapan: o.year_of_arrival_in_japan,
    airlineCompany: o.airline_company,
    flightNumber: o.flight_number.replace(/\s/g, ''),
    pointOfEmbarkation: o.point_of_embarkation,
    postalCodeJapan: o.postal_code_japan.replace('-', ''),
    prefecture: o.prefecture,
    otherPrefecture: o.prefecture === 'OTHER' ? o.other_prefecture : null,
    city: o.city,
    otherCity: o.city === 'OTHER' ? o.other_city : null,
    address: o.address,
    hotelName: o.hotel_name,
    personalPhoneCode: o.personal_phone_code,
    personalTelephoneNumber: o.personal_telephone_number,
    purposeOfVisit: foreignVisitor ? (o.purpose_of_visit ?? null) : null,
    specificPurposeForVisit: foreignVisitor && o.purpose_of_visit === 'Others' ? o.specific_purpose_for_visit : null,
    durationOfStay: foreignVisitor ? o.duration_of_stay : null,
    immigrationOne: foreignVisitor ? (o.immigration_one ?? null) : null,
    immigrationTwo: foreignVisitor ? (o.immigration_two ?? null) : null,
    immigrationThree: foreignVisitor ? (o.immigration_three ?? null) : null,
    immigrationFour: foreignVisitor ? (o.immigration_four ?? null) : null,
    declarationOne: o.declaration_one,
    declarationTwo: o.declaration_two,
    declarationThree: o.declaration_three,
    declarationFour: o.declaration_four,
    declarationFive: o.declaration_five,
    declarationSix: o.declaration_six,
    declarationSeven: o.declaration_seven,
    declarationEight: o.declaration_eight,
    quantityOfUnaccompaniedArticles: o.declaration_eight === 'yes' ? o.quantity_of_unaccompanied_articles : null,
    alcoholicBeverages: o.alcoholic_beverages,
    cigarettes: o.cigarettes,
    heatNotBurn: o.heat_not_burn,
    cigars: o.cigars,
    others: o.others,
    perfume: money(o.perfume),
    articleName: o.article_name,
    quantity: o.quantity,
    unit: o.unit,
    marketValue: money(o.market_value),
    currency: o.article_currency ?? null,
    paymentAmount: money(o.amount),
    paymentCurrency: o.currency,
    paymentGateway: o.payment_gateway,
    transactionId: o.transaction_id,
    purchaseIp: o.purchase_ip,
    purchaseUserAgent: o.purchase_user_agent,
    paidAt: new Date(),
  };
}

export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

async function previous(db: Db, site: IntakeSite, key: string, hash: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: intakeRequests.orderId, hash: intakeRequests.requestHash })
    .from(intakeRequests)
    .where(and(eq(intakeRequests.landingSiteId, site.id), eq(intakeRequests.idempotencyKey, key)));
  if (!row) return null;
  if (row.hash !== hash) throw new ConflictError('This Idempotency-Key was already used for a different order.');
  return row.orderId;
}

export async function intakeOrder(
  db: Db,
  ring: KeyRing,
  site: IntakeSite,
  key: string,
  order: IntakeOrder,
): Promise<{ orderId: number; replayed: boolean }> {
  const hash = requestHash(order);
  const earlier = await previous(db, site, key, hash);
  if (earlier !== null) return { orderId: earlier, replayed: true };
  try {
    const orderId = await changingOrders(db, async (tx) => {
      // The passport, travel and customs answers are stored sealed (product: security.md#columns).
      const values = sealedInsert(ring, orderValues(site, order));
      const [created] = await tx.insert(orders).values(values).returning({ orderId: orders.orderId });
      await tx
        .insert(intakeRequests)
        .values({ landingSiteId: site.id, idempotencyKey: key, requestHash: hash, orderId: created!.orderId });
      await logStep(tx, {
        orderId: created!.orderId,
        staff: null,
        step: 'orderReceived',
        details: { siteKey: site.siteKey },
      });
      return created!.orderId;
    });
    return { orderId, replayed: false };
  } catch (error) {
    // The same key submitted twice at once: the unique index lets one through; the other returns its order.
    if (!isUniqueViolation(error)) throw error;
    const winner = await previous(db, site, key, hash);
    if (winner === null) throw error;
    return { orderId: winner, replayed: true };
  }
}
