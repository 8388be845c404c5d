/**
 * Realistic invented orders for demos and benchmarks. Pools of names, hotels
 * and flights are drawn once with faker; each order then picks from them with a
 * fast seeded PRNG, so a million orders take seconds to generate, and the same
 * seed always gives the same orders.
 */
import { COUNTRY_NAMES, diallingCode } from '../../shared/dialling-codes';
import { PREFECTURES, type ProcessStatus } from '../../shared/orders';
import { fixedStepName, stepText } from '../../shared/process-steps';

export interface StaffRef {
  id: number;
  name: string;
}

export interface GeneratedOrder {
  values: Record<(typeof ORDER_COLUMNS)[number], string | number | null>;
  remarks: { remark: string; remarkName: string; staffId: number; flags: string[]; createdAt: Date }[];
  logs: { stepName: string; staffId: number | null; staffName: string | null; at: Date }[];
}

export const ORDER_COLUMNS = [
  'order_id',
  'landing_site_id',
  'processing_mode',
  'processing_date',
  'process_status',
  'assigned_to_id',
  'assigned_at',
  'processed_by_id',
  'processed_by_name',
  'processed_at',
  'refund_date',
  'transaction_id',
  'merchant_name',
  'payment_amount',
  'payment_currency',
  'payment_gateway',
  'paid_at',
  'created_at',
  'updated_at',
  'has_japanese_passport',
  'has_reentry_permission',
  'passport_number',
  'surname',
  'given_name',
  'nationality',
  'date_of_dob',
  'month_of_dob',
  'year_of_dob',
  'date_of_expiry',
  'month_of_expiry',
  'year_of_expiry',
  'occupation',
  'home_address_country_name',
  'home_address_city_name',
  'email',
  'date_of_arrival_in_japan',
  'month_of_arrival_in_japan',
  'year_of_arrival_in_japan',
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
  'personal_phone_code',
  'personal_telephone_number',
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

/** mulberry32: tiny, fast, good enough to pick demo values. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

// Travellers come mostly from these countries; the rest from the whole table.
const COMMON_NATIONALITIES = [
  'USA',
  'UK',
  'Australia',
  'Canada',
  'India',
  'Philippines',
  'Germany',
  'France',
  'Singapore',
  'Malaysia',
  'Indonesia',
  'Thailand',
  'Vietnam',
  'Brazil',
  'Mexico',
  'Italy',
  'Spain',
  'New Zealand',
  'South Korea',
  'Taiwan',
];
const AIRLINES = [
  ['Japan Airlines', 'JL'],
  ['All Nippon Airways', 'NH'],
  ['United Airlines', 'UA'],
  ['Delta Air Lines', 'DL'],
  ['Singapore Airlines', 'SQ'],
  ['Cathay Pacific', 'CX'],
  ['Qantas', 'QF'],
  ['Air Canada', 'AC'],
  ['Lufthansa', 'LH'],
  ['Air France', 'AF'],
  ['British Airways', 'BA'],
  ['Philippine Airlines', 'PR'],
  ['Korean Air', 'KE'],
  ['Thai Airways', 'TG'],
] as const;
const EMBARKATION = [
  'Los Angeles',
  'San Francisco',
  'New York',
  'London',
  'Sydney',
  'Singapore',
  'Manila',
  'Hong Kong',
  'Bangkok',
  'Vancouver',
  'Frankfurt',
  'Paris',
  'Seoul',
  'Taipei',
  'Honolulu',
  'Delhi',
  'Kuala Lumpur',
];
const CITIES_BY_PREFECTURE: Record<string, string[]> = {
  TOKYO: ['SHINJUKU-KU', 'SHIBUYA-KU', 'CHUO-KU', 'MINATO-KU', 'TAITO-KU', 'CHIYODA-KU'],
  OSAKA: ['OSAKA-SHI KITA-KU', 'OSAKA-SHI CHUO-KU', 'OSAKA-SHI NANIWA-KU'],
  KYOTO: ['KYOTO-SHI SHIMOGYO-KU', 'KYOTO-SHI HIGASHIYAMA-KU', 'KYOTO-SHI NAKAGYO-KU'],
  HOKKAIDO: ['SAPPORO-SHI CHUO-KU', 'OTARU-SHI', 'HAKODATE-SHI'],
  OKINAWA: ['NAHA-SHI', 'ONNA-SON'],
  FUKUOKA: ['FUKUOKA-SHI HAKATA-KU', 'FUKUOKA-SHI CHUO-KU'],
  HIROSHIMA: ['HIROSHIMA-SHI NAKA-KU', 'HATSUKAICHI-SHI'],
  NARA: ['NARA-SHI'],
};
const HOTEL_WORDS = [
  'Sakura',
  'Grand',
  'Plaza',
  'Garden',
  'Station',
  'Riverside',
  'Imperial',
  'Harbor',
  'Park',
  'Central',
  'Crown',
  'Bay',
];
const HOTEL_KINDS = ['Hotel', 'Inn', 'Ryokan', 'Hotel & Spa', 'Residence', 'Hostel'];
const OCCUPATIONS = [
  'Engineer',
  'Teacher',
  'Nurse',
  'Student',
  'Accountant',
  'Designer',
  'Retired',
  'Sales Manager',
  'Doctor',
  'Chef',
  'Lawyer',
  'Consultant',
  'Photographer',
  'Software Developer',
  'Pharmacist',
];
const MERCHANTS = ['Arrival Services Ltd', 'Travel Docs Online LLC'];
/**
 * How a live service's orders stand by their age. Staff work New orders within a day or two, so an order a
 * few days old is mostly finished and one weeks old almost always closed; a few stay in progress (awaiting
 * the customer or the government) and a very few are forgotten in New. A future-mode order is the exception:
 * it waits in New until its processing date (see `next`). So only a small share of the orders are New, as on a
 * live queue; one weight table for every age would leave old orders New as often as young ones, and New Orders
 * would hold a large part of the whole archive.
 */
const STATUS_BY_AGE: { youngerThanDays: number; weights: [ProcessStatus, number][] }[] = [
  {
    youngerThanDays: 2,
    weights: [
      ['New', 0.8],
      ['Pending', 0.05],
      ['Awaiting', 0.03],
      ['AwaitingGovt', 0.02],
      ['Contact Customer', 0.02],
      ['Customer Called', 0.01],
      ['Completed', 0.06],
      ['Deleted', 0.01],
    ],
  },
  {
    youngerThanDays: 14,
    weights: [
      ['New', 0.04],
      ['Pending', 0.08],
      ['Awaiting', 0.06],
      ['AwaitingGovt', 0.05],
      ['Contact Customer', 0.04],
      ['Customer Called', 0.03],
      ['Completed', 0.62],
      ['Refunds', 0.04],
      ['ChargeBack', 0.01],
      ['Deleted', 0.03],
    ],
  },
  {
    youngerThanDays: Infinity,
    weights: [
      ['New', 0.005],
      ['Pending', 0.01],
      ['Awaiting', 0.008],
      ['AwaitingGovt', 0.005],
      ['Contact Customer', 0.005],
      ['Customer Called', 0.002],
      ['Completed', 0.85],
      ['Refunds', 0.05],
      ['ChargeBack', 0.025],
      ['Deleted', 0.04],
    ],
  },
];
const REMARKS = [
  'Called the customer to confirm the hotel address.',
  'Customer asked to change the arrival date.',
  'Passport scan unclear, asked for a new photo on WhatsApp.',
  'Submitted to the government portal.',
  'Flight number corrected after the customer called.',
  'Customer requested a refund by e-mail.',
  "Sent the QR code again at the customer's request.",
  'Checked customs answers with the customer.',
];

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export interface GeneratorOptions {
  seed?: number;
  firstOrderId: number;
  landingSiteIds: number[];
  staff: StaffRef[];
  /** How many orders this generator will make: they are spread evenly over the span, oldest first. */
  count: number;
  /** Orders are spread over this many days before `now`. */
  spanDays?: number;
  now?: Date;
}

/**
 * Async because faker is loaded here, at the first seeding, not with the server: a start-up on a data folder seeded
 * long ago does not load it.
 */
export async function createOrderGenerator(options: GeneratorOptions) {
  const seed = options.seed ?? 20251121;
  const rnd = prng(seed);
  const { Faker, en } = await import('@faker-js/faker');
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const givenNames = Array.from({ length: 400 }, () => faker.person.firstName());
  const surnames = Array.from({ length: 400 }, () => faker.person.lastName());
  const homeCities = Array.from({ length: 200 }, () => faker.location.city());
  const streets = Array.from(
    { length: 300 },
    () =>
      `${faker.number.int({ min: 1, max: 30 })}-${faker.number.int({ min: 1, max: 20 })}-${faker.number.int({ min: 1, max: 15 })}`,
  );
  const hotels = Array.from(
    { length: 150 },
    () =>
      `${faker.helpers.arrayElement(HOTEL_WORDS)} ${faker.helpers.arrayElement(HOTEL_WORDS)} ${faker.helpers.arrayElement(HOTEL_KINDS)}`,
  );
  const prefectures = Object.keys(CITIES_BY_PREFECTURE);
  const now = options.now ?? new Date();
  const spanDays = options.spanDays ?? 120;
  let nextId = options.firstOrderId;

  function pickStatus(ageDays: number): ProcessStatus {
    const { weights } = STATUS_BY_AGE.find((band) => ageDays < band.youngerThanDays)!;
    let roll = rnd.next();
    for (const [status, weight] of weights) {
      roll -= weight;
      if (roll <= 0) return status;
    }
    return 'Completed';
  }

  return function next(): GeneratedOrder {
    const orderId = nextId++;
    // Order ids grow with time on the real service, so the i-th order falls in the i-th slice of the span
    // (newest-first pages then read neighbouring heap pages, as they do in production).
    const slice = Math.min(orderId - options.firstOrderId, options.count - 1);
    const createdAt = new Date(now.getTime() - (1 - (slice + rnd.next()) / options.count) * spanDays * DAY);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    const nationality = rnd.chance(0.85)
      ? rnd.pick(COMMON_NATIONALITIES)
      : rnd.pick(COUNTRY_NAMES.filter((c) => c !== 'Japan'));
    const givenName = rnd.pick(givenNames);
    const surname = rnd.pick(surnames);
    const modeRoll = rnd.next();
    const processingMode = modeRoll < 0.68 ? 'standard' : modeRoll < 0.9 ? 'priority' : 'future';
    const arrival = new Date(createdAt.getTime() + rnd.int(3, processingMode === 'future' ? 200 : 40) * DAY);
    let processingDate: string | null = null;
    if (processingMode === 'future') processingDate = isoDate(new Date(arrival.getTime() - 3 * DAY));
    const status =
      processingMode === 'future' && processingDate! > isoDate(now) && rnd.chance(0.8) ? 'New' : pickStatus(ageDays);
    const japanese = rnd.chance(0.03) ? 'yes' : 'no';
    const reentry = japanese === 'no' && rnd.chance(0.03) ? 'yes' : 'no';
    const foreignVisitor = japanese === 'no' && reentry === 'no';
    const prefecture = rnd.chance(0.03) ? 'OTHER' : rnd.pick(prefectures);
    const city = prefecture === 'OTHER' ? 'OTHER' : rnd.pick(CITIES_BY_PREFECTURE[prefecture]!);
    const [airline, code] = rnd.pick(AIRLINES);
    const expiry = new Date(arrival.getTime() + rnd.int(rnd.chance(0.03) ? -30 : 200, 3600) * DAY);
    const purpose = rnd.pick([
      'Tourism',
      'Tourism',
      'Tourism',
      'Business',
      'Visiting relatives',
      'Transit',
      'Others',
    ] as const);
    const declares = rnd.chance(0.12);
    const eighth = declares && rnd.chance(0.3) ? 'yes' : 'no';
    const fourth = declares && rnd.chance(0.5) ? 'yes' : 'no';
    const paid = processingMode === 'priority' ? '79.00' : processingMode === 'future' ? '59.00' : '49.00';

    const logs: GeneratedOrder['logs'] = [
      { stepName: fixedStepName('orderReceived'), staffId: null, staffName: null, at: createdAt },
    ];
    const remarks: GeneratedOrder['remarks'] = [];
    let assignee: StaffRef | null = null;
    let processedBy: StaffRef | null = null;
    // Never after `now`: an order placed in the last hours must not show work done in the future.
    let stepAt = new Date(Math.min(now.getTime(), createdAt.getTime() + rnd.int(10, 600) * 60_000));
    if (status !== 'New' ? rnd.chance(0.85) : rnd.chance(0.15)) {
      assignee = rnd.pick(options.staff);
      logs.push({ stepName: fixedStepName('assigned'), staffId: assignee.id, staffName: assignee.name, at: stepAt });
    }
    if (status !== 'New') {
      stepAt = new Date(Math.min(now.getTime(), stepAt.getTime() + rnd.int(30, 2880) * 60_000));
      const mover = assignee ?? rnd.pick(options.staff);
      logs.push({
        stepName: stepText({ step: 'statusChanged', details: { from: 'New', to: status } }).stepName,
        staffId: mover.id,
        staffName: mover.name,
        at: stepAt,
      });
      if (status === 'Completed' || status === 'Refunds' || status === 'ChargeBack') processedBy = mover;
    }
    if (rnd.chance(0.3)) {
      const author = assignee ?? rnd.pick(options.staff);
      const flags = ['whatsapp', 'telephone', 'status_refund', 'voided', 'chargeback'].filter(() => rnd.chance(0.2));
      remarks.push({
        remark: rnd.pick(REMARKS),
        remarkName: author.name,
        staffId: author.id,
        flags,
        createdAt: new Date(Math.min(now.getTime(), stepAt.getTime() + 60_000)),
      });
      logs.push({
        stepName: fixedStepName('remarkAdded'),
        staffId: author.id,
        staffName: author.name,
        at: new Date(Math.min(now.getTime(), stepAt.getTime() + 60_000)),
      });
    }
    const local = `${givenName}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');

    return {
      logs,
      remarks,
      values: {
        order_id: orderId,
        landing_site_id: rnd.pick(options.landingSiteIds),
        processing_mode: processingMode,
        processing_date: processingDate,
        process_status: status,
        assigned_to_id: assignee?.id ?? null,
        assigned_at: assignee ? logs[1]!.at.toISOString() : null,
        processed_by_id: processedBy?.id ?? null,
        processed_by_name: processedBy?.name ?? null,
        processed_at: processedBy ? stepAt.toISOString() : null,
        refund_date: status === 'Refunds' && rnd.chance(0.5) ? stepAt.toISOString() : null,
        transaction_id: `txn_${orderId.toString(36)}${rnd.int(100000, 999999)}`,
        merchant_name: rnd.pick(MERCHANTS),
        payment_amount: paid,
        payment_currency: 'USD',
        payment_gateway: 'Stripe',
        paid_at: createdAt.toISOString(),
        created_at: createdAt.toISOString(),
        updated_at: stepAt.toISOString(),
        has_japanese_passport: japanese,
        has_reentry_permission: reentry,
        passport_number: `${String.fromCharCode(65 + rnd.int(0, 25))}${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(1000000, 9999999)}`,
        surname: surname.toUpperCase(),
        given_name: givenName.toUpperCase(),
        nationality,
        date_of_dob: rnd.int(1, 28),
        month_of_dob: rnd.int(1, 12),
        year_of_dob: rnd.int(1950, 2010),
        date_of_expiry: expiry.getUTCDate(),
        month_of_expiry: expiry.getUTCMonth() + 1,
        year_of_expiry: expiry.getUTCFullYear(),
        occupation: rnd.pick(OCCUPATIONS),
        home_address_country_name: foreignVisitor ? nationality : null,
        home_address_city_name: foreignVisitor ? rnd.pick(homeCities) : null,
        email: `${local}${rnd.int(1, 999)}@${rnd.pick(['mail.example', 'inbox.example', 'post.example'])}`,
        date_of_arrival_in_japan: arrival.getUTCDate(),
        month_of_arrival_in_japan: arrival.getUTCMonth() + 1,
        year_of_arrival_in_japan: arrival.getUTCFullYear(),
        airline_company: airline,
        flight_number: `${code}${rnd.int(1, 999)}`,
        point_of_embarkation: rnd.pick(EMBARKATION),
        postal_code_japan: rnd.chance(0.03) ? String(rnd.int(10000, 99999)) : String(rnd.int(1000000, 9999999)),
        prefecture,
        other_prefecture: prefecture === 'OTHER' ? rnd.pick(PREFECTURES) : null,
        city,
        other_city: city === 'OTHER' ? rnd.pick(homeCities).toUpperCase() : null,
        address: rnd.pick(streets),
        hotel_name: rnd.pick(hotels),
        personal_phone_code: diallingCode(nationality),
        personal_telephone_number: String(rnd.int(200000000, 999999999)),
        purpose_of_visit: foreignVisitor ? purpose : null,
        specific_purpose_for_visit:
          foreignVisitor && purpose === 'Others' ? rnd.pick(['Conference', 'Sports event', 'Medical treatment']) : null,
        duration_of_stay: foreignVisitor ? `${rnd.int(2, 30)} days` : null,
        immigration_one: foreignVisitor ? 'no' : null,
        immigration_two: foreignVisitor ? 'no' : null,
        immigration_three: foreignVisitor ? 'no' : null,
        immigration_four: foreignVisitor ? 'no' : null,
        declaration_one: 'no',
        declaration_two: declares && rnd.chance(0.2) ? 'yes' : 'no',
        declaration_three: 'no',
        declaration_four: fourth,
        declaration_five: 'no',
        declaration_six: declares && rnd.chance(0.1) ? 'yes' : 'no',
        declaration_seven: 'no',
        declaration_eight: eighth,
        quantity_of_unaccompanied_articles: eighth === 'yes' ? rnd.int(1, 4) : null,
        alcoholic_beverages: declares ? rnd.int(1, 3) : null,
        cigarettes: declares ? rnd.int(0, 400) : null,
        heat_not_burn: declares ? rnd.int(0, 20) : null,
        cigars: declares ? rnd.int(0, 10) : null,
        others: declares ? rnd.int(0, 500) : null,
        perfume: declares ? (rnd.int(0, 40) / 10).toFixed(2) : null,
        article_name: fourth === 'yes' ? rnd.pick(['Camera', 'Laptop', 'Watch', 'Handbag']) : null,
        quantity: fourth === 'yes' ? rnd.int(1, 2) : null,
        unit: fourth === 'yes' ? 'pcs' : null,
        market_value: fourth === 'yes' ? String(rnd.int(300, 3000)) : null,
        currency: fourth === 'yes' ? 'USD' : null,
      },
    };
  };
}
