import { describe, expect, it } from 'vitest';
import {
  ERASURE_STEP_KINDS,
  fixedStepName,
  PROCESS_STEPS,
  stepKindOf,
  stepText,
  stepTopicOf,
  topicCounts,
  type StepKind,
  type StepLine,
} from './process-steps';

/**
 * One line of every step, and how it read when each writer wrote its own text (before the catalog): rows already in
 * the database have these texts, and new rows must read the same. A step added to the catalog without its line here
 * does not compile.
 */
const EXAMPLES: { [K in StepKind]: { line: Extract<StepLine, { step: K }>; reads: [string, string | null] } } = {
  orderReceived: {
    line: { step: 'orderReceived', details: { siteKey: 'jp-main' } },
    reads: ['Order received', 'From jp-main'],
  },
  assigned: { line: { step: 'assigned', details: { to: 'Tess Team' } }, reads: ['Assigned', 'Assigned to Tess Team'] },
  movedToOriginalFolder: { line: { step: 'movedToOriginalFolder' }, reads: ['Moved to Original Folder', null] },
  refunded: { line: { step: 'refunded' }, reads: ['Refunded', null] },
  statusChanged: {
    line: { step: 'statusChanged', details: { from: 'New', to: 'Pending' } },
    reads: ['Status changed to Pending', 'New -> Pending'],
  },
  movedToCompletedWithRefundMail: {
    line: { step: 'movedToCompletedWithRefundMail', details: { from: 'Refunds', to: 'Completed' } },
    reads: ['Moved to Completed with refund mail', 'Refunds -> Completed'],
  },
  remarkAdded: {
    line: { step: 'remarkAdded', details: { flags: ['Urgent', 'Call back'] } },
    reads: ['Remark added', 'Flags: Urgent, Call back'],
  },
  informationRequested: {
    line: { step: 'informationRequested', details: { fields: ['Passport expiry date', 'Flight number'] } },
    reads: ['Customer asked for information', 'Asked: Passport expiry date, Flight number'],
  },
  informationReminderSent: {
    line: { step: 'informationReminderSent', details: { reminder: 2 } },
    reads: ['Information request reminder sent', 'Second reminder'],
  },
  customerReplied: {
    line: { step: 'customerReplied', details: { fields: ['Flight number'] } },
    reads: ['Customer replied', 'Answered: Flight number'],
  },
  informationAccepted: {
    line: { step: 'informationAccepted', details: { fields: ['Flight number'] } },
    reads: ["Customer's answers accepted", 'Order updated: Flight number'],
  },
  informationDeclined: {
    line: { step: 'informationDeclined', details: { fields: ['Flight number'] } },
    reads: ["Customer's answers declined", 'A new request asks again: Flight number'],
  },
  informationEscalated: {
    line: { step: 'informationEscalated', details: { days: 5 } },
    reads: ['No answer from customer', 'No answer after 5 day(s): moved to Contact Customer for a phone call'],
  },
  informationExpired: { line: { step: 'informationExpired' }, reads: ['Information request expired', null] },
  localeChanged: {
    line: { step: 'localeChanged', details: { from: 'en', to: 'zh-Hant' } },
    reads: ['Customer language changed', 'English -> Chinese (Traditional)'],
  },
  transactionUpdated: {
    line: { step: 'transactionUpdated', details: { transactionId: 'TXN-1', merchantName: 'Arrival Card Merchant' } },
    reads: ['Transaction details updated', 'Transaction Id TXN-1, Merchant Name Arrival Card Merchant'],
  },
  documentUploaded: {
    line: {
      step: 'documentUploaded',
      details: { file: '100001_file1.pdf', originalName: 'card.pdf', sizeBytes: 2048 },
    },
    reads: ['Document uploaded', '100001_file1.pdf (card.pdf, 2048 bytes)'],
  },
  invoiceSent: {
    line: { step: 'invoiceSent', details: { invoiceNumber: 'INV-100001-1', to: 'a@b.example' } },
    reads: ['Invoice sent', 'INV-100001-1 to a@b.example'],
  },
  mailQueued: {
    line: { step: 'mailQueued', details: { kind: 'approved_order', mailId: 7, to: 'a@b.example', provider: 'smtp' } },
    reads: ['Mail queued', 'Document mail #7 to a@b.example via smtp'],
  },
  mailSent: {
    line: { step: 'mailSent', details: { kind: 'invoice', mailId: 8, to: 'a@b.example', via: 'outbox' } },
    reads: ['Mail sent', 'Invoice mail #8 to a@b.example via local outbox'],
  },
  mailFailed: {
    line: {
      step: 'mailFailed',
      details: { kind: 'resend', mailId: 9, to: 'a@b.example', attempts: 5, error: 'SMTP 550' },
    },
    reads: ['Mail failed', 'Document (resent) mail #9 to a@b.example after 5 attempt(s): SMTP 550'],
  },
  mailRetry: {
    line: { step: 'mailRetry', details: { kind: 'resend', mailId: 9, to: 'a@b.example' } },
    reads: ['Mail retry requested', 'Document (resent) mail #9 to a@b.example'],
  },
  customerDownload: {
    line: {
      step: 'customerDownload',
      details: {
        file: '100001_file1.pdf',
        ip: '203.0.113.5',
        browser: 'Safari 17',
        os: 'iOS 17.4',
        location: 'Osaka, Japan',
      },
    },
    reads: ['Downloaded by customer', '100001_file1.pdf from 203.0.113.5 (Safari 17, iOS 17.4, Osaka, Japan)'],
  },
  defencePackGenerated: {
    line: { step: 'defencePackGenerated', details: { type: 2, title: 'Defence Pack 2', form: 'PDF', items: 3 } },
    reads: ['Defence pack 2 generated', 'Defence Pack 2, PDF, 3 download(s)'],
  },
  disputeReceived: {
    line: {
      step: 'disputeReceived',
      details: {
        dispute: 'Stripe dispute du_1',
        reason: 'fraudulent',
        amount: '$49.00',
        due: '2026-12-01 23:59:59 UTC',
      },
    },
    reads: ['Dispute received', 'Stripe dispute du_1: fraudulent, $49.00, evidence due 2026-12-01 23:59:59 UTC'],
  },
  disputeLinked: {
    line: { step: 'disputeLinked', details: { dispute: 'PayPal dispute PP-D-1' } },
    reads: ['Dispute linked to this order', 'PayPal dispute PP-D-1, linked by hand'],
  },
  disputeUpdated: {
    line: {
      step: 'disputeUpdated',
      details: { dispute: 'Stripe dispute du_1', from: 'Needs evidence', to: 'Submitted' },
    },
    reads: ['Dispute updated', 'Stripe dispute du_1: Needs evidence -> Submitted'],
  },
  disputeClosed: {
    line: { step: 'disputeClosed', details: { dispute: 'Stripe dispute du_1', outcome: 'Won' } },
    reads: ['Dispute closed', 'Stripe dispute du_1: Won'],
  },
  disputeEvidenceSaved: {
    line: {
      step: 'disputeEvidenceSaved',
      details: { dispute: 'Stripe dispute du_1', downloads: 2, files: ['Defence-Pack-1-100001.pdf'] },
    },
    reads: [
      'Dispute evidence saved at provider',
      'Stripe dispute du_1: 2 download(s), files Defence-Pack-1-100001.pdf',
    ],
  },
  disputeEvidenceSubmitted: {
    line: { step: 'disputeEvidenceSubmitted', details: { dispute: 'Stripe dispute du_1', downloads: 0, files: [] } },
    reads: ['Dispute evidence submitted to the bank', 'Stripe dispute du_1: 0 download(s), files none'],
  },
  disputeEvidenceRefused: {
    line: { step: 'disputeEvidenceRefused', details: { dispute: 'Stripe dispute du_1', refusal: 'Too many pages.' } },
    reads: ['Dispute evidence refused by provider', 'Stripe dispute du_1: Too many pages.'],
  },
  travelErased: {
    line: { step: 'travelErased', details: { rule: 'Retention policy: 90 days after the arrival date' } },
    reads: ['Passport and travel details erased', 'Retention policy: 90 days after the arrival date'],
  },
  personalErased: {
    line: { step: 'personalErased', details: { rule: 'Retention policy: 540 days after payment' } },
    reads: ['Personal data erased', 'Retention policy: 540 days after payment'],
  },
  permanentlyDeleted: {
    line: { step: 'permanentlyDeleted', details: { rule: null } },
    reads: ['Order permanently deleted', null],
  },
};

describe('the process-step catalog (product: orders.md#process-log)', () => {
  it.each(Object.keys(PROCESS_STEPS) as StepKind[])(
    '%s reads as its lines always have, and is recognised from its name',
    (kind) => {
      const { line, reads } = EXAMPLES[kind];
      const text = stepText(line);
      expect([text.stepName, text.detail]).toEqual(reads);
      expect(stepKindOf(text.stepName)).toBe(kind);
    },
  );

  it('words the variants of a step as before', () => {
    expect(stepText({ step: 'statusChanged', details: { from: 'Completed', to: 'Deleted' } })).toEqual({
      stepName: 'Order deleted',
      detail: 'Completed -> Deleted',
    });
    expect(stepText({ step: 'assigned', details: { to: 'Ann', was: 'Bob' } }).detail).toBe('Assigned to Ann (was Bob)');
    expect(stepText({ step: 'remarkAdded', details: { flags: [] } }).detail).toBeNull();
    expect(
      stepText({ step: 'mailSent', details: { kind: 'invoice', mailId: 1, to: 'a@b.example', via: 'ses' } }).detail,
    ).toBe('Invoice mail #1 to a@b.example via ses');
    expect(stepText({ step: 'customerDownload', details: { file: 'f.pdf', ip: '198.51.100.1' } }).detail).toBe(
      'f.pdf from 198.51.100.1 (unknown browser)',
    );
    expect(
      stepText({
        step: 'defencePackGenerated',
        details: { type: 1, title: 'Defence Pack 1', form: 'printable page', items: 0 },
      }).detail,
    ).toBe('Defence Pack 1, printable page, 0 mail(s)');
  });

  it('recognises the names stored by earlier versions, and leaves unknown ones alone', () => {
    expect(stepKindOf('Status changed to Contact Customer')).toBe('statusChanged');
    expect(stepKindOf('Status changed to Deleted')).toBe('statusChanged');
    expect(stepKindOf('Order deleted')).toBe('statusChanged');
    expect(stepKindOf('Defence pack 1 generated')).toBe('defencePackGenerated');
    expect(stepKindOf('Something from 2019')).toBeNull();
    expect(ERASURE_STEP_KINDS.map(fixedStepName)).toEqual([
      'Passport and travel details erased',
      'Personal data erased',
      'Order permanently deleted',
    ]);
    expect(() => fixedStepName('statusChanged')).toThrow();
  });
});

describe('step topics', () => {
  it("file every line, old names included, and list what a log holds in the filters' order with its count", () => {
    expect(stepTopicOf('Status changed to Contact Customer')).toBe('Status');
    expect(stepTopicOf('Order deleted')).toBe('Status');
    expect(stepTopicOf('Mail failed')).toBe('Mail');
    expect(stepTopicOf('Defence pack 1 generated')).toBe('Defence packs');
    expect(stepTopicOf('Personal data erased')).toBe('Erasure');
    expect(stepTopicOf('Something from 2019')).toBe('Other');
    const log = [
      'Something from 2019',
      'Mail sent',
      'Order received',
      'Mail queued',
      'Status changed to Pending',
      'Document uploaded',
    ].map((step_name) => ({ step_name }));
    expect(topicCounts(log)).toEqual([
      { topic: 'Intake', count: 1 },
      { topic: 'Status', count: 1 },
      { topic: 'Documents', count: 1 },
      { topic: 'Mail', count: 2 },
      { topic: 'Other', count: 1 },
    ]);
    expect(topicCounts([])).toEqual([]);
  });
});

describe('docs/product/orders.md#step-names', () => {
  it('lists every fixed step name of the catalog', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../docs/product/orders.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('<a id="step-names"></a>'), doc.indexOf('<a id="processed-by"></a>'));
    const fixed = (Object.keys(PROCESS_STEPS) as StepKind[])
      .filter((k) => typeof PROCESS_STEPS[k].name === 'string')
      .map(fixedStepName);
    expect(fixed.filter((name) => !table.includes(name))).toEqual([]);
  });
});
