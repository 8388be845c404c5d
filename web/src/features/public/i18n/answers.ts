/**
 * The server's answers to the public calls in the page's language: the tracking calls and the answer page's calls
 * answer the product's English texts (shared/schemas/tracking-texts.ts, information-request-texts.ts), which the page
 * shows by their catalog message. A text the catalog does not hold is shown as the server wrote it.
 */
import { useIntl } from 'react-intl';
import { TRACK_ANSWERS, TRACK_MESSAGES } from '../../../../../shared/schemas/tracking-texts';
import { CUSTOMER_TEXTS } from '../../../../../shared/schemas/information-request-customer-texts';
import type { MessageId } from './messages';

const BY_TEXT = new Map<string, MessageId>([
  [TRACK_ANSWERS.notFound, 'answer.notFound'],
  [TRACK_ANSWERS.found, 'answer.found'],
  [TRACK_ANSWERS.accessRequired, 'answer.accessRequired'],
  [TRACK_ANSWERS.accessExpired, 'answer.accessExpired'],
  [TRACK_ANSWERS.notReady, 'answer.notReady'],
  [TRACK_ANSWERS.downloadReady, 'answer.downloadReady'],
  [TRACK_ANSWERS.ticketInvalid, 'answer.ticketInvalid'],
  [TRACK_MESSAGES.orderIdRequired, 'track.orderIdRequired'],
  [TRACK_MESSAGES.orderIdInvalid, 'track.orderIdInvalid'],
  [TRACK_MESSAGES.emailRequired, 'track.emailRequired'],
  [TRACK_MESSAGES.emailInvalid, 'track.emailInvalid'],
  // The answer page of a request for information (product: information-requests.md#answer).
  [CUSTOMER_TEXTS.submitted, 'request.submitted'],
  [CUSTOMER_TEXTS.linkInvalid, 'request.linkInvalid'],
  [CUSTOMER_TEXTS.linkExpired, 'request.linkExpired'],
  [CUSTOMER_TEXTS.alreadyAnswered, 'request.alreadyAnswered'],
  [CUSTOMER_TEXTS.closed, 'request.closed'],
  [CUSTOMER_TEXTS.fixAnswers, 'request.fixAnswers'],
]);

/** `(text, httpStatus?)` -> the text in the page's language. A 429 outside English loses its wait time. */
export function useAnswerText() {
  const intl = useIntl();
  return (text: string, httpStatus?: number): string => {
    const id = BY_TEXT.get(text);
    if (id) return intl.formatMessage({ id });
    if (httpStatus === 429 && intl.locale !== 'en') return intl.formatMessage({ id: 'answer.tooMany' });
    return text;
  };
}
