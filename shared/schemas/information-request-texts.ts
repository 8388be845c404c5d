/**
 * The request for information (product: information-requests.md#loop), zod-free so that screens show it without
 * building the schemas: which answers of an application staff may ask the customer to check (each an "askable
 * field" of one or more order columns, named as intake names them), how each column is entered, which answer
 * warnings point at which fields, the request's states and the texts the customer and staff read.
 */
import { DECLARATION_QUESTIONS, IMMIGRATION_QUESTIONS } from '../order-questions';

/** How the answer page asks for one column. */
export type ColumnInput = 'text' | 'day' | 'month' | 'year' | 'yes-no' | 'country' | 'prefecture' | 'purpose' | 'count';

export interface AskableColumn {
  /** The order column, by its intake name (shared/schemas/order-intake.ts). */
  name: string;
  label: string;
  input: ColumnInput;
}

export interface AskableField {
  key: string;
  label: string;
  columns: readonly AskableColumn[];
}

const one = (key: string, label: string, input: ColumnInput = 'text'): AskableField => ({
  key,
  label,
  columns: [{ name: key, label, input }],
});
const date = (key: string, label: string, prefix: string): AskableField => ({
  key,
  label,
  columns: [
    { name: `date_of_${prefix}`, label: 'Day', input: 'day' },
    { name: `month_of_${prefix}`, label: 'Month', input: 'month' },
    { name: `year_of_${prefix}`, label: 'Year', input: 'year' },
  ],
});

/** Every answer a request may ask for, in the order of the application. */
export const ASKABLE_FIELDS: readonly AskableField[] = [
  one('passport_number', 'Passport number'),
  one('surname', 'Surname'),
  one('given_name', 'Given name'),
  one('nationality', 'Nationality', 'country'),
  date('date_of_birth', 'Date of birth', 'dob'),
  date('passport_expiry', 'Passport expiry date', 'expiry'),
  one('occupation', 'Occupation'),
  {
    key: 'residence',
    label: 'Country and city of residence',
    columns: [
      { name: 'home_address_country_name', label: 'Country of residence', input: 'country' },
      { name: 'home_address_city_name', label: 'City of residence', input: 'text' },
    ],
  },
  one('email', 'E-mail address'),
  {
    key: 'arrival_date',
    label: 'Arrival date in Japan',
    columns: [
      { name: 'date_of_arrival_in_japan', label: 'Day', input: 'day' },
      { name: 'month_of_arrival_in_japan', label: 'Month', input: 'month' },
      { name: 'year_of_arrival_in_japan', label: 'Year', input: 'year' },
    ],
  },
  one('airline_company', 'Airline'),
  one('flight_number', 'Flight number'),
  one('point_of_embarkation', 'Point of embarkation'),
  one('postal_code_japan', 'Postal code in Japan'),
  {
    key: 'prefecture',
    label: 'Prefecture',
    columns: [
      { name: 'prefecture', label: 'Prefecture', input: 'prefecture' },
      { name: 'other_prefecture', label: 'Other prefecture (if OTHER)', input: 'text' },
    ],
  },
  {
    key: 'city',
    label: 'City in Japan',
    columns: [
      { name: 'city', label: 'City', input: 'text' },
      { name: 'other_city', label: 'Other city (if OTHER)', input: 'text' },
    ],
  },
  one('address', 'Address in Japan'),
  one('hotel_name', 'Hotel name'),
  {
    key: 'telephone',
    label: 'Telephone',
    columns: [
      { name: 'personal_phone_code', label: 'Phone code', input: 'text' },
      { name: 'personal_telephone_number', label: 'Telephone number', input: 'text' },
    ],
  },
  {
    key: 'purpose_of_visit',
    label: 'Purpose of visit',
    columns: [
      { name: 'purpose_of_visit', label: 'Purpose of visit', input: 'purpose' },
      { name: 'specific_purpose_for_visit', label: 'Specific purpose (if Others)', input: 'text' },
    ],
  },
  one('duration_of_stay', 'Duration of stay'),
  ...IMMIGRATION_QUESTIONS.map((q) => one(q.field, q.text, 'yes-no')),
  ...DECLARATION_QUESTIONS.map((q) =>
    q.field === 'declaration_eight'
      ? {
          key: q.field,
          label: q.text,
          columns: [
            { name: q.field, label: q.text, input: 'yes-no' as const },
            {
              name: 'quantity_of_unaccompanied_articles',
              label: 'Quantity of unaccompanied articles',
              input: 'count' as const,
            },
          ],
        }
      : one(q.field, q.text, 'yes-no'),
  ),
];

export const ASKABLE_FIELD_KEYS = ASKABLE_FIELDS.map((f) => f.key);
const BY_KEY = new Map(ASKABLE_FIELDS.map((f) => [f.key, f]));
export const askableField = (key: string): AskableField | undefined => BY_KEY.get(key);
/** The order columns the given askable fields cover, in catalog order. */
export const columnsOf = (keys: readonly string[]): AskableColumn[] =>
  ASKABLE_FIELDS.filter((f) => keys.includes(f.key)).flatMap((f) => f.columns);
/** The label of an order column that some askable field covers (the review's rows). */
export const columnLabel = (name: string): string => {
  const field = ASKABLE_FIELDS.find((f) => f.columns.some((c) => c.name === name));
  const column = field?.columns.find((c) => c.name === name);
  if (!field || !column) return name;
  return field.columns.length === 1 ? field.label : `${field.label}: ${column.label}`;
};

/** One row of a reply's review: a date's three columns together (under the field's label), else one column. */
export interface ReviewRow {
  label: string;
  /** The order columns the row shows: day, month, year for a date. */
  columns: string[];
  date: boolean;
}

const isDate = (field: AskableField) =>
  field.columns.length === 3 && field.columns.map((c) => c.input).join() === 'day,month,year';

/**
 * The rows a change set is reviewed in, in the change set's order: a date whose day, month and year are all in it
 * is one row, so it reads as a date (as the order page shows it); every other column is a row of its own.
 */
export function reviewRows(columns: readonly string[]): ReviewRow[] {
  const rows: ReviewRow[] = [];
  const done = new Set<string>();
  for (const name of columns) {
    if (done.has(name)) continue;
    const field = ASKABLE_FIELDS.find((f) => f.columns.some((c) => c.name === name));
    const parts = field && isDate(field) ? field.columns.map((c) => c.name) : null;
    if (field && parts && parts.every((p) => columns.includes(p))) {
      for (const p of parts) done.add(p);
      rows.push({ label: field.label, columns: parts, date: true });
    } else {
      done.add(name);
      rows.push({ label: columnLabel(name), columns: [name], date: false });
    }
  }
  return rows;
}

/** The answer warnings (shared/order-warnings.ts) and the fields that put each right: offered first when asking. */
export const FIELDS_OF_WARNING: Record<string, readonly string[]> = {
  'arrival-date-invalid': ['arrival_date'],
  'passport-expiry-invalid': ['passport_expiry'],
  'passport-expires-before-arrival': ['passport_expiry', 'arrival_date'],
  'passport-expires-within-6-months': ['passport_expiry'],
  'arrival-in-past': ['arrival_date'],
  'residence-country-missing': ['residence'],
  'postal-code-not-7-digits': ['postal_code_japan'],
};

/**
 * A request's life: `open` (the link works), `answered` (the customer sent answers: "Customer replied"),
 * `accepted` / `declined` (staff reviewed them), `expired` (no answer before the link ran out), `closed` (the order
 * was erased, deleted or finished while it was open).
 */
export const REQUEST_STATES = ['open', 'answered', 'accepted', 'declined', 'expired', 'closed'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  open: 'Waiting for the customer',
  answered: 'Customer replied',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  closed: 'Closed',
};

/** The mark of an order whose customer replied, on the queues and the order page. */
export const CUSTOMER_REPLIED = 'Customer replied';

/** The note's limit, in characters: a short note, read in a mail. */
export const NOTE_MAX = 1000;

export const REQUEST_TEXTS = {
  askAction: 'Ask the customer',
  askTitle: 'Ask the customer to check answers',
  warningsFirst: 'Answers with a warning',
  otherFields: 'Any other answer',
  noteLabel: 'Note to the customer',
  send: 'Send request',
  sent: 'Request sent. The order is now in Awaiting Response.',
  pickOne: 'Please choose at least one answer to ask about.',
  noteRequired: 'Please write a short note for the customer.',
  noteTooLong: `The note must be at most ${NOTE_MAX} characters.`,
  unknownField: 'Choose answers from the list.',
  alreadyOpen: 'This order already has a request waiting for the customer.',
  notAskable: 'This order is closed or its answers were erased: the customer cannot be asked.',
  reviewTitle: 'Customer replied',
  reviewField: 'Answer',
  reviewOld: 'Before',
  reviewNew: 'Customer’s answer',
  accept: 'Accept',
  decline: 'Decline',
  declineNoteLabel: 'Why the answers cannot be used (sent to the customer with a new request)',
  accepted: 'The customer’s answers are now on the order.',
  declined: 'Answers declined. A new request was sent to the customer.',
  notAnswered: 'This request has no answers to review.',
  requestNotFound: 'Request not found.',
  /** Accept refused, and the review's notice: answers of the reply changed on the order since (labels, never values). */
  editedAfterReply: (labels: readonly string[]) =>
    `${labels.join(', ')} changed on the order after the customer replied. Accepting would overwrite ` +
    `${labels.length === 1 ? 'that change' : 'those changes'}: decline to ask the customer again.`,
  editedMark: 'Changed on the order since the reply',
} as const;

export { CUSTOMER_TEXTS } from './information-request-customer-texts';
