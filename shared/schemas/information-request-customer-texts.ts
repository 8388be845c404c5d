/**
 * The answers the customer's calls of a request for information give (product: information-requests.md#answer), in
 * English, apart from the rest of the request's texts: the public pages' first load shows them by their catalog
 * message (web/src/features/public/i18n/answers.ts) and should carry nothing else of the request.
 */
export const CUSTOMER_TEXTS = {
  submitted:
    'Thank you. We have received your answers. Our team will check them and continue with your Japan Arrival Card; we will e-mail you if we need anything else.',
  linkInvalid: 'This link is not valid. Please use the link in our latest e-mail.',
  linkExpired: 'This link has expired. Please contact us and we will send you a new one.',
  alreadyAnswered: 'You have already sent your answers for this request. Thank you.',
  closed: 'This request is closed. Nothing more is needed from you here.',
  fixAnswers: 'Please check the answers marked below.',
  tooMany: (wait: string) => `Too many attempts. Please try again in ${wait}.`,
} as const;
