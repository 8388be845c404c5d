/**
 * Precise orders for tests: a complete, valid application (a foreign visitor,
 * every declaration no, arriving in 30 days) that each test adjusts to the one
 * case it checks.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/client';
import { idRow } from '../db/row-schemas';
import { orders } from '../db/schema';
import { sealedInsert } from '../db/sealed-travel';
import { TEST_KEY_RING } from './test-keys';
import type { IntakeOrderInput } from '../../shared/schemas/order-intake';
import { folderCountsChanged } from '../features/queue-engine';

export type OrderValues = typeof orders.$inferInsert;

const DAY = 86_400_000;

export function orderValues(
  overrides: Partial<OrderValues> = {},
  now = new Date(),
): Omit<OrderValues, 'landingSiteId'> {
  const arrival = new Date(now.getTime() + 30 * DAY);
  return {
    processingMode: 'standard',
    processStatus: 'New',
    hasJapanesePassport: 'no',
    hasReentryPermission: 'no',
    passportNumber: 'TK1234567',
    surname: 'TANAKA-SMITH',
    givenName: 'EMILY',
    nationality: 'Australia',
    dateOfDob: 14,
    monthOfDob: 3,
    yearOfDob: 1988,
    dateOfExpiry: 20,
    monthOfExpiry: 9,
    yearOfExpiry: arrival.getUTCFullYear() + 5,
    occupation: 'Architect',
    homeAddressCountryName: 'Australia',
    homeAddressCityName: 'Melbourne',
    email: 'emily.tanaka@mail.example',
    dateOfArrivalInJapan: arrival.getUTCDate(),
    monthOfArrivalInJapan: arrival.getUTCMonth() + 1,
    yearOfArrivalInJapan: arrival.getUTCFullYear(),
    airlineCompany: 'Qantas',
    flightNumber: 'QF25',
    pointOfEmbarkation: 'Sydney',
    postalCodeJapan: '1600023',
    prefecture: 'TOKYO',
    city: 'SHINJUKU-KU',
    address: '3-7-1 Nishi-Shinjuku',
    hotelName: 'Sakura Garden Hotel',
    personalPhoneCode: '61',
    personalTelephoneNumber: '412345678',
    purposeOfVisit: 'Tourism',
    durationOfStay: '14 days',
    immigrationOne: 'no',
    immigrationTwo: 'no',
    immigrationThree: 'no',
    immigrationFour: 'no',
    declarationOne: 'no',
    declarationTwo: 'no',
    declarationThree: 'no',
    declarationFour: 'no',
    declarationFive: 'no',
    declarationSix: 'no',
    declarationSeven: 'no',
    declarationEight: 'no',
    ...overrides,
  };
}

/**
 * Inserts one order (on the first landing site unless given) and returns its id. Its answers are sealed with the test
 * ring, as intake seals them; `inClear`: stored as before sealing existed (what the sealing job finds).
 */
export async function insertOrder(
  db: Executor,
  overrides: Partial<OrderValues> = {},
  { inClear = false } = {},
): Promise<number> {
  const [site] = await selectRows(db, idRow, sql`select id from landing_sites order by id limit 1`);
  const values = { landingSiteId: site!.id, ...orderValues(overrides) };
  const [row] = await db
    .insert(orders)
    .values(inClear ? values : sealedInsert(TEST_KEY_RING, values))
    .returning({ orderId: orders.orderId });
  folderCountsChanged(db); // as the services do after a write: the next count sees this order
  return row!.orderId;
}

/** One complete valid application as a landing site sends it to `POST /api/intake/orders`. */
export const intakeApplication = (overrides: Partial<IntakeOrderInput> = {}): IntakeOrderInput => ({
  processing_mode: 'standard',
  has_japanese_passport: 'no',
  has_reentry_permission: 'no',
  passport_number: 'pa1234567',
  surname: 'Moreau',
  given_name: 'Claire',
  nationality: 'France',
  date_of_dob: '7',
  month_of_dob: 11,
  year_of_dob: 1990,
  date_of_expiry: 1,
  month_of_expiry: 2,
  year_of_expiry: 2032,
  occupation: 'Designer',
  home_address_country_name: 'France',
  home_address_city_name: 'Lyon',
  email: 'claire.moreau@mail.example',
  date_of_arrival_in_japan: 12,
  month_of_arrival_in_japan: 4,
  year_of_arrival_in_japan: 2030,
  airline_company: 'Air France',
  flight_number: 'AF276',
  point_of_embarkation: 'Paris',
  postal_code_japan: '160-0023',
  prefecture: 'tokyo',
  city: 'Shinjuku-ku',
  address: '3-7-1 Nishi-Shinjuku',
  hotel_name: 'Park Hotel',
  personal_phone_code: '+33',
  personal_telephone_number: '612 345 678',
  purpose_of_visit: 'Tourism',
  duration_of_stay: '10 days',
  immigration_one: 'no',
  immigration_two: 'no',
  immigration_three: 'no',
  immigration_four: 'no',
  declaration_one: 'no',
  declaration_two: 'no',
  declaration_three: 'no',
  declaration_four: 'no',
  declaration_five: 'no',
  declaration_six: 'no',
  declaration_seven: 'no',
  declaration_eight: 'no',
  amount: '49.00',
  currency: 'usd',
  ...overrides,
});
