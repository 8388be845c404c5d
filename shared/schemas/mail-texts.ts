/**
 * Mail's providers, kinds and statuses with their labels, zod-free: screens show them without building mail's
 * schemas (docs/decisions/0035). The server imports them from here too.
 */

export const MAIL_PROVIDERS = ['ses', 'smtp'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/** The two buttons of Upload Document and Email History, one per provider. */
export const MAIL_PROVIDER_LABELS: Record<MailProvider, string> = {
  ses: 'Cloud mail service (SES)',
  smtp: 'Transactional mail service (SMTP)',
};

export const MAIL_KINDS = [
  'approved_order',
  'resend',
  'invoice',
  'refund_confirmation',
  'download_history',
  'information_request',
  'information_reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  approved_order: 'Document',
  resend: 'Document (resent)',
  invoice: 'Invoice',
  refund_confirmation: 'Refund confirmation',
  download_history: 'Download history',
  information_request: 'Request for information',
  information_reminder: 'Request for information (reminder)',
};

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OUTBOX_FILTERS = ['outbox', 'failed', 'pending', 'all'] as const;
