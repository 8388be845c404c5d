/**
 * The order a landing site submits to `POST /api/intake/orders` (product: orders.md#intake):
 * product: orders.md#intake field names (snake_case); day/month/year as integers (digit strings
 * accepted); yes/no answers; countries from the dialling-code table; prefectures in
 * any case (stored in capitals). `amount` and `currency` describe the payment; the
 * currency of a declared article is `article_currency`. The landing site comes from
 * the API key, never from the body.
 */
import { z } from 'zod';
import { DIALLING_CODES } from '../dialling-codes';
import { LOCALES, matchLocale } from '../i18n/locales';
import { PREFECTURES, PROCESSING_MODES, PURPOSES_OF_VISIT, YES_NO } from '../orders';
import { textField } from './fields';

const capitalized = (label: string) => `${label[0]!.toUpperCase()}${label.slice(1)}`;
const text = (label: string, max = 100) =>
  textField(capitalized(label), { error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `${capitalized(label)} must be at most ${max} characters.`);
const optionalText = (label: string, max = 200) =>
  textField(label)
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const yesNo = (label: string) => z.enum(YES_NO, { error: `${label}: answer yes or no.` });
const int = (label: string, min: number, max: number) =>
  z
    .union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: `${label} must be a whole number.`,
    })
    .pipe(z.number().min(min, `${label} must be ${min}-${max}.`).max(max, `${label} must be ${min}-${max}.`));
const optionalInt = (label: string, max = 1_000_000) =>
  int(label, 0, max)
    .optional()
    .nullable()
    .transform((v) => v ?? null);
const decimal = (label: string) =>
  z
    .union(
      [
        z.number().nonnegative(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/)
          .transform(Number),
      ],
      {
        error: `${label} must be an amount like 49.00.`,
      },
    )
    .pipe(z.number().nonnegative().max(99_999_999, `${label} is too large.`));
const country = (label: string) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .refine(
      (c) => Object.hasOwn(DIALLING_CODES, c),
      `${label[0]!.toUpperCase()}${label.slice(1)} must be a country name from the list.`,
    );
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Not a valid date.',
  );

const PREFECTURE_SET = new Set<string>([...PREFECTURES, 'OTHER']);
const LOCALE_ERROR = `locale must be one of ${LOCALES.join(', ')}.`;

export const intakeOrderSchema = z
  .object({
    processing_mode: z
      .enum(PROCESSING_MODES, { error: 'processing_mode must be standard, priority or future.' })
      .default('standard'),
    processing_date: isoDate.optional().nullable(),
    has_japanese_passport: yesNo('Japanese passport'),
    has_reentry_permission: yesNo('Re-entry permission'),
    passport_number: z
      .string({ error: 'Please enter the passport number.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{5,20}$/, 'Passport number must be 5-20 letters and digits.'),
    surname: text('the surname'),
    given_name: text('the given name'),
    nationality: country('the nationality'),
    date_of_dob: int('Day of birth', 1, 31),
    month_of_dob: int('Month of birth', 1, 12),
    year_of_dob: int('Year of birth', 1900, 2100),
    date_of_expiry: int('Day of expiry', 1, 31),
    month_of_expiry: int('Month of expiry', 1, 12),
    year_of_expiry: int('Year of expiry', 2000, 2100),
    occupation: text('the occupation'),
    home_address_country_name: country('the country of residence').optional().nullable(),
    home_address_city_name: optionalText('The city of residence', 100),
    email: textField('The email', { error: 'Please enter the email.' })
      .trim()
      .max(200)
      .pipe(z.email('Please enter a valid email.')),
    date_of_arrival_in_japan: int('Day of arrival', 1, 31),
    month_of_arrival_in_japan: int('Month of arrival', 1, 12),
    year_of_arrival_in_japan: int('Year of arrival', 2000, 2100),
    airline_company: text('the airline'),
    flight_number: z
      .string({ error: 'Please enter the flight number.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,3}\s?\d{1,5}[A-Z]?$/, 'Flight number must look like JL123.'),
    point_of_embarkation: text('the point of embarkation'),
    postal_code_japan: z
      .string({ error: 'Please enter the postal code.' })
      .trim()
      .regex(/^\d{3}-?\d{4}$/, 'Postal code must be 7 digits, like 160-0023.'),
    prefecture: z
      .string({ error: 'Please choose the prefecture.' })
      .trim()
      .toUpperCase()
      .refine((p) => PREFECTURE_SET.has(p), 'Prefecture must be one of the 47 prefectures or OTHER.'),
    other_prefecture: optionalText('The other prefecture', 100),
    city: text('the city').transform((c) => c.toUpperCase()),
    other_city: optionalText('The other city', 100),
    address: text('the address', 200),
    hotel_name: text('the hotel name', 200),
    personal_phone_code: z
      .string({ error: 'Please enter the phone code.' })
      .trim()
      .regex(/^\+?\d{1,4}$/, 'Phone code must be 1-4 digits.')
      .transform((c) => c.replace(/^\+/, '')),
    personal_telephone_number: z
      .string({ error: 'Please enter the telephone number.' })
      .trim()
      .transform((n) => n.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{4,15}$/, 'Telephone number must be 4-15 digits.')),
    purpose_of_visit: z
      .enum(PURPOSES_OF_VISIT, { error: `Purpose of visit must be ${PURPOSES_OF_VISIT.join(', ')}.` })
      .optional()
      .nullable(),
    specific_purpose_for_visit: optionalText('The specific purpose', 200),
    duration_of_stay: optionalText('The duration of stay', 50),
    immigration_one: yesNo('Immigration question 1').optional().nullable(),
    immigration_two: yesNo('Immigration question 2').optional().nullable(),
    immigration_three: yesNo('Immigration question 3').optional().nullable(),
    immigration_four: yesNo('Immigration question 4').optional().nullable(),
    declaration_one: yesNo('Declaration 1'),
    declaration_two: yesNo('Declaration 2'),
    declaration_three: yesNo('Declaration 3'),
    declaration_four: yesNo('Declaration 4'),
    declaration_five: yesNo('Declaration 5'),
    declaration_six: yesNo('Declaration 6'),
    declaration_seven: yesNo('Declaration 7'),
    declaration_eight: yesNo('Declaration 8'),
    quantity_of_unaccompanied_articles: optionalInt('Quantity of unaccompanied articles', 999),
    alcoholic_beverages: optionalInt('Alcoholic beverages', 999),
    cigarettes: optionalInt('Cigarettes', 100_000),
    heat_not_burn: optionalInt('Heat-not-burn', 100_000),
    cigars: optionalInt('Cigars', 100_000),
    others: optionalInt('Others (g)', 1_000_000),
    perfume: decimal('Perfume (oz)').optional().nullable(),
    article_name: optionalText('The article name', 200),
    quantity: optionalInt('Quantity', 1_000_000),
    unit: optionalText('The unit', 20),
    market_value: decimal('Market value').optional().nullable(),
    article_currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Currency must be an ISO code like USD.')
      .optional()
      .nullable(),
    amount: decimal('Amount'),
    currency: z
      .string({ error: 'Please enter the payment currency.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Currency must be an ISO code like USD.'),
    payment_gateway: optionalText('The payment gateway', 50),
    transaction_id: optionalText('The transaction id', 100),
    /** Where the customer paid from, as the landing site saw it: dispute evidence (product: disputes.md#evidence). */
    purchase_ip: z
      .string({ error: 'The purchase IP must be an IPv4 or IPv6 address.' })
      .trim()
      .refine((v) => z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, {
        error: 'The purchase IP must be an IPv4 or IPv6 address.',
      })
      .optional()
      .nullable()
      .transform((v) => v ?? null),
    purchase_user_agent: optionalText("The purchase browser's user agent", 500),
    /**
     * The customer's language for the mails (product: languages.md#order-language); else the landing site's. One of
     * ours, or a tag that names one (`zh-TW` is zh-Hant, `ko-KR` ko).
     */
    locale: z
      .union([z.enum(LOCALES), z.string().trim()], { error: LOCALE_ERROR })
      .optional()
      .nullable()
      .transform((v, ctx) => {
        if (!v) return null;
        const locale = matchLocale(v);
        if (!locale) ctx.addIssue({ code: 'custom', message: LOCALE_ERROR });
        return locale;
      }),
  })
  .superRefine((o, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const validDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
    if (!validDay(o.year_of_dob, o.month_of_dob, o.date_of_dob))
      need('date_of_dob', 'Date of birth is not a valid date.');
    else if (Date.UTC(o.year_of_dob, o.month_of_dob - 1, o.date_of_dob) > Date.now())
      need('year_of_dob', 'Date of birth must be in the past.');
    if (!validDay(o.year_of_expiry, o.month_of_expiry, o.date_of_expiry))
      need('date_of_expiry', 'Date of expiry is not a valid date.');
    if (!validDay(o.year_of_arrival_in_japan, o.month_of_arrival_in_japan, o.date_of_arrival_in_japan)) {
      need('date_of_arrival_in_japan', 'Arrival date is not a valid date.');
    }
    if (o.processing_mode === 'future' && !o.processing_date)
      need('processing_date', 'A future order needs a processing_date.');
    if (o.prefecture === 'OTHER' && !o.other_prefecture) need('other_prefecture', 'Please enter the other prefecture.');
    if (o.city === 'OTHER' && !o.other_city) need('other_city', 'Please enter the other city.');
    const foreignVisitor = o.has_japanese_passport === 'no' && o.has_reentry_permission === 'no';
    if (foreignVisitor) {
      if (!o.home_address_country_name) need('home_address_country_name', 'Please enter the country of residence.');
      if (!o.home_address_city_name) need('home_address_city_name', 'Please enter the city of residence.');
      if (!o.purpose_of_visit) need('purpose_of_visit', `Purpose of visit must be ${PURPOSES_OF_VISIT.join(', ')}.`);
      if (!o.duration_of_stay) need('duration_of_stay', 'Please enter the duration of stay.');
      for (const q of ['immigration_one', 'immigration_two', 'immigration_three', 'immigration_four'] as const) {
        if (!o[q]) need(q, 'Answer yes or no.');
      }
    }
    if (o.purpose_of_visit === 'Others' && !o.specific_purpose_for_visit)
      need('specific_purpose_for_visit', 'Please enter the specific purpose.');
    if (o.declaration_eight === 'yes' && o.quantity_of_unaccompanied_articles === null) {
      need('quantity_of_unaccompanied_articles', 'Please enter the quantity of unaccompanied articles.');
    }
  });
export type IntakeOrderInput = z.input<typeof intakeOrderSchema>;
export type IntakeOrder = z.output<typeof intakeOrderSchema>;

export const idempotencyKeySchema = z
  .string({ error: 'The Idempotency-Key header is required.' })
  .trim()
  .min(1, 'The Idempotency-Key header is required.')
  .max(200, 'Idempotency-Key is at most 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces.');
