/**
 * The dispute evidence built from what the product recorded (product: disputes.md#evidence): who the customer is,
 * what was sold, when it was delivered (the document's first mail a mail server accepted, with its Message-ID), every
 * download of it (time in UTC and in the customer's own zone, IP address, device, browser, location), where the
 * purchase came from when the landing site said so, and a cover letter. A mail kept in the local outbox was never
 * delivered, so it is never called a delivery here.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { downloadHistory, landingSites, mails, orders, uploadDocs } from '../../db/schema';
import { NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { easternWithZone, utcTime } from '../../../shared/defence-pack';
import { DEFENCE_PACK_TITLES } from '../../../shared/schemas/defence-pack-texts';
import type { DisputeEvidence, DisputeGateway } from '../../../shared/schemas/disputes';
import { formatMoney, PROCESSING_MODE_LABELS } from '../mail';

/** Stripe's limit on each text field; the access log is cut to fit, saying how many lines were left out. */
export const TEXT_FIELD_MAX = 20_000;

/** What each defence pack is sent as, per provider. */
export const PACK_SENT_AS: Record<DisputeGateway, Record<1 | 2, string>> = {
  stripe: { 1: 'customer_communication', 2: 'service_documentation' },
  paypal: { 1: 'PROOF_OF_FULFILLMENT', 2: 'PROOF_FOR_SOFTWARE_OR_SERVICE_DELIVERED' },
};

function localTime(at: Date, zone: string | null): string | null {
  if (!zone) return null;
  try {
    const text = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    })
      .formatToParts(at)
      .reduce<Record<string, string>>((parts, p) => ({ ...parts, [p.type]: p.value }), {});
    return `${text.year}-${text.month}-${text.day} ${text.hour}:${text.minute}:${text.second} ${zone}`;
  } catch {
    return null;
  }
}

const joined = (parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ');

export interface EvidenceSource {
  evidence: DisputeEvidence;
  orderId: number;
}

/** The evidence of the order's disputes for `gateway`; `coverLetter` as saved, or null for the product's draft. */
export async function buildEvidence(
  db: Executor,
  orderId: number,
  gateway: DisputeGateway,
  coverLetter: string | null,
): Promise<DisputeEvidence> {
  const [row] = await db
    .select({ order: orders, siteName: landingSites.name, siteDomain: landingSites.domain })
    .from(orders)
    .innerJoin(landingSites, eq(landingSites.id, orders.landingSiteId))
    .where(eq(orders.orderId, orderId));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  const { order } = row;
  const [delivered] = await db
    .select({ mail: mails, file1: uploadDocs.file1 })
    .from(mails)
    .innerJoin(uploadDocs, eq(uploadDocs.id, mails.uploadDocId))
    .where(
      and(
        eq(mails.orderId, orderId),
        eq(mails.status, 'sent'),
        isNotNull(mails.sentAt),
        inArray(mails.deliveredVia, ['smtp', 'ses']),
      ),
    )
    .orderBy(asc(mails.sentAt), asc(mails.id))
    .limit(1);
  const downloads = await db
    .select()
    .from(downloadHistory)
    .where(eq(downloadHistory.orderId, orderId))
    .orderBy(asc(downloadHistory.createdAt), asc(downloadHistory.id));

  const name = `${order.givenName} ${order.surname}`.trim();
  const mode = PROCESSING_MODE_LABELS[order.processingMode] ?? order.processingMode;
  const amount = order.paymentAmount === null ? null : formatMoney(order.paymentAmount, order.paymentCurrency);
  const productDescription =
    `Japan Arrival Card preparation (${mode}), sold by ${row.siteName} (${row.siteDomain}): the customer's Visit ` +
    `Japan Web arrival card prepared from the answers they gave, delivered as a PDF document by e-mail and on the ` +
    `order's tracking page. Order ${order.orderId} of ${utcTime(order.createdAt)}${amount ? `, ${amount}` : ''}.`;

  const access = downloads.map((d, i) => {
    const at = new Date(d.createdAt);
    return {
      id: d.id,
      at: at.toISOString(),
      time_utc: utcTime(at),
      time_local: localTime(at, d.timezone),
      ip: d.ip,
      device: joined([d.device, d.deviceType]) || null,
      browser: joined([d.browser, d.os ? `on ${d.os}` : null]).replace(', on ', ' on ') || null,
      location: joined([d.city, d.country]) || null,
      file_name: d.file1,
      line:
        `${i + 1}. ${utcTime(at)}${localTime(at, d.timezone) ? ` (customer's time ${localTime(at, d.timezone)})` : ''}` +
        ` | IP ${d.ip} | device ${joined([d.device, d.deviceType]) || 'unknown'}` +
        ` | browser ${joined([d.browser, d.os]) || 'unknown'} | location ${joined([d.city, d.country]) || 'unknown'}` +
        ` | file ${d.file1}`,
    };
  });
  const header = `Downloads of the delivered document from the order's tracking page (${access.length}):`;
  let accessLog = access.length
    ? [header, ...access.map((a) => a.line)].join('\n')
    : 'The customer has not downloaded the document from the tracking page.';
  if (accessLog.length > TEXT_FIELD_MAX) {
    const lines = [header];
    for (const a of access) {
      if ([...lines, a.line].join('\n').length > TEXT_FIELD_MAX - 120) break;
      lines.push(a.line);
    }
    lines.push(`... and ${access.length - (lines.length - 1)} more, every one listed in Defence Pack 2 (attached).`);
    accessLog = lines.join('\n');
  }

  const delivery = delivered
    ? {
        mail_id: delivered.mail.id,
        sent_at: new Date(delivered.mail.sentAt!).toISOString(),
        sent_at_text: `${utcTime(delivered.mail.sentAt!)} (${easternWithZone(delivered.mail.sentAt!)})`,
        recipient: delivered.mail.toAddress,
        message_id: delivered.mail.messageId,
        delivered_by: delivered.mail.deliveredVia === 'ses' ? 'Amazon SES' : 'the recipient mail server (SMTP)',
        document: delivered.file1,
      }
    : null;
  const serviceDate = delivery ? delivery.sent_at.slice(0, 10) : null;
  const first = access[0];
  const draft = [
    'Dear dispute team,',
    '',
    `${name || 'The customer'} ordered ${`Japan Arrival Card preparation (${mode})`} from ${row.siteName} ` +
      `(${row.siteDomain}) on ${utcTime(order.createdAt)}, order ${order.orderId}` +
      `${amount ? `, paying ${amount}` : ''}${order.transactionId ? ` (transaction ${order.transactionId})` : ''}.`,
    delivery
      ? `The finished document was e-mailed to ${delivery.recipient} on ${delivery.sent_at_text} and accepted by ` +
        `${delivery.delivered_by}${delivery.message_id ? ` under Message-ID ${delivery.message_id}` : ''}.`
      : 'The document was made available on the order’s tracking page.',
    first
      ? `The customer downloaded it ${access.length} time(s), first on ${first.time_utc} from IP address ${first.ip}` +
        `${first.location ? ` (${first.location})` : ''}: every download is in the access log and in Defence Pack 2.`
      : 'Defence Pack 2 shows the downloads recorded for the order.',
    'Defence Pack 1 (every e-mail sent to the customer) and Defence Pack 2 (every download with its IP address, ' +
      'device and location) are attached. The service was delivered as ordered; we ask that the dispute be decided in ' +
      'our favour.',
    '',
    row.siteName,
  ].join('\n');
  const letter = coverLetter ?? draft;
  const deliveryRecord = delivery
    ? `Delivery record: mail #${delivery.mail_id} with the document ${delivery.document ?? ''} sent ` +
      `${delivery.sent_at_text} to ${delivery.recipient}, accepted by ${delivery.delivered_by}` +
      `${delivery.message_id ? `, Message-ID ${delivery.message_id}` : ''}.`
    : 'Delivery record: no mail carrying the document was accepted by a mail server.';
  const purchase = order.purchaseIp
    ? `Purchase made from IP address ${order.purchaseIp}${order.purchaseUserAgent ? ` with the browser "${order.purchaseUserAgent}"` : ''}.`
    : null;

  return {
    customer_name: name,
    customer_email_address: order.email,
    product_description: productDescription,
    service_date: serviceDate,
    downloads: access.map(({ line: _line, ...a }) => a),
    access_activity_log: accessLog,
    delivery,
    customer_purchase_ip: order.purchaseIp,
    purchase_user_agent: order.purchaseUserAgent,
    files: ([1, 2] as const).map((pack) => ({
      pack,
      title: DEFENCE_PACK_TITLES[pack],
      file_name: `Defence-Pack-${pack}-${order.orderId}.pdf`,
      sent_as: PACK_SENT_AS[gateway][pack],
    })),
    cover_letter: letter,
    uncategorized_text: [letter, deliveryRecord, purchase].filter(Boolean).join('\n\n').slice(0, TEXT_FIELD_MAX),
  };
}
