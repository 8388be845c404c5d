/**
 * The mail feature's public entry (docs/decisions/0045): what other features use to queue a mail and build its body,
 * and an order's sent mails.
 * The worker and the transports stay inside (main.ts and the feature's routes start them).
 */
export {
  assertProviderUsable,
  defaultProvider,
  loadTemplateContext,
  queueMail,
  queueRefundConfirmationMail,
} from './mail.queue';
export {
  approvedOrderMail,
  formatDate,
  formatMoney,
  invoiceMail,
  layout,
  PROCESSING_MODE_LABELS,
  type MailContent,
  type TemplateContext,
} from './templates';
export { headerText, html } from './html';
export { mailText, type MailText } from './mail-messages';
export { sentMailHistory } from './history';
