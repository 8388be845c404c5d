/**
 * Finished documents (product: orders.md#documents, orders.md#mail).
 * An upload is checked by its content, written to storage under a key the
 * server builds, then recorded in one transaction with the approved-order
 * mail, "Processed by" and the process-log lines; if that transaction fails the
 * stored file is removed again. Earlier documents stay (is_current = false) so
 * the Email History keeps linking to what was actually sent.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { lockOrderState, orderExists, recordProcessedBy, type LockedOrder } from '../../db/order-lookups';
import { uploadDocs } from '../../db/schema';
import { requirePermission, type Staff } from '../../lib/auth';
import { BadRequestError, ConflictError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { storeOrderFile, type Storage } from '../../lib/storage';
import type { UploadDocEntry } from '../../../shared/schemas/mail';
import type { MailProvider } from '../../../shared/schemas/mail-texts';
import { assertProviderUsable, loadTemplateContext, queueMail, approvedOrderMail } from '../mail';
import { ACCEPTED_TYPES_TEXT, sniffDocumentType } from './file-type';
import { changingOrders } from '../queue-engine';

export const NOT_ACCEPTED_MESSAGE = `Only ${ACCEPTED_TYPES_TEXT} files are accepted, and this file is not one of them.`;

export interface DocumentDeps {
  db: Db;
  config: Config;
  storage: Storage;
}

export interface UploadInput {
  orderId: number;
  email: string;
  mailServiceProvider: MailProvider;
  file: { bytes: Buffer; filename: string };
}

type UploadDocRow = typeof uploadDocs.$inferSelect;

export function uploadDocEntry(row: UploadDocRow): UploadDocEntry {
  return {
    id: row.id,
    order_id: row.orderId,
    file1: row.file1,
    original_name: row.originalName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    is_current: row.isCurrent,
    uploaded_by_name: row.uploadedByName,
    create_ts: new Date(row.createdAt).toISOString(),
  };
}

/** Keeps only a readable base name of what the browser sent (it is shown, never used as a path). */
function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 200) || 'document';
}
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export async function lockOrderForDocument(tx: Executor, orderId: number): Promise<LockedOrder> {
  const order = await lockOrderState(tx, orderId);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.purgedAt) throw new ConflictError('The personal data of this order was erased.');
  if (order.status === 'Deleted')
    throw new ConflictError('This order is deleted. Restore it before sending documents.');
  return order;
}

export async function uploadDocument(deps: DocumentDeps, staff: Staff, input: UploadInput) {
  requirePermission(staff, 'orders:work');
  assertProviderUsable(deps.config, input.mailServiceProvider);
  const type = sniffDocumentType(input.file.bytes);
  if (!type) throw new BadRequestError(NOT_ACCEPTED_MESSAGE, { uploadVisaDoc: NOT_ACCEPTED_MESSAGE });

  const { db, config, storage } = deps;
  // Cheap check first, so a document for an unknown order is never written at all.
  if (!(await orderExists(db, input.orderId))) throw new NotFoundError(ORDER_NOT_FOUND);

  const file1 = `${input.orderId}_file1.${type.ext}`;
  const file = {
    folder: 'docs',
    orderId: input.orderId,
    filename: file1,
    body: input.file.bytes,
    contentType: type.contentType,
  };
  return storeOrderFile(storage, file, (storageKey) =>
    changingOrders(db, async (tx) => {
      const order = await lockOrderForDocument(tx, input.orderId);
      // The card repeats passport and travel answers the retention policy erased: there is nothing to deliver.
      if (order.travelErasedAt)
        throw new ConflictError(
          'The passport and travel details of this order were erased; no document can be sent for it.',
        );
      await tx
        .update(uploadDocs)
        .set({ isCurrent: false })
        .where(and(eq(uploadDocs.orderId, input.orderId), eq(uploadDocs.isCurrent, true)));
      const [doc] = await tx
        .insert(uploadDocs)
        .values({
          orderId: input.orderId,
          file1,
          originalName: cleanOriginalName(input.file.filename),
          contentType: type.contentType,
          sizeBytes: input.file.bytes.length,
          storageKey,
          isCurrent: true,
          uploadedById: staff.id,
          uploadedByName: staff.name,
        })
        .returning();
      // product: orders.md#processed-by: whoever uploads the finished document processed the order.
      await recordProcessedBy(tx, input.orderId, staff);
      await logSteps(tx, [
        {
          orderId: input.orderId,
          staff,
          step: 'documentUploaded',
          details: { file: file1, originalName: doc!.originalName, sizeBytes: doc!.sizeBytes },
        },
      ]);
      const ctx = await loadTemplateContext(tx, config, input.orderId);
      const mailId = await queueMail(tx, config, {
        orderId: input.orderId,
        kind: 'approved_order',
        to: input.email,
        provider: input.mailServiceProvider,
        content: approvedOrderMail(ctx, file1),
        replyTo: ctx.brand.supportEmail,
        fromName: ctx.brand.name,
        uploadDocId: doc!.id,
        staff,
      });
      return { uploadDoc: uploadDocEntry(doc!), mailId };
    }),
  );
}

/** Every document of an order, newest first. */
export async function listDocuments(db: Executor, orderId: number): Promise<UploadDocEntry[]> {
  const rows = await db
    .select()
    .from(uploadDocs)
    .where(eq(uploadDocs.orderId, orderId))
    .orderBy(desc(uploadDocs.createdAt), desc(uploadDocs.id));
  return rows.map(uploadDocEntry);
}

export interface DocumentFile {
  doc: UploadDocEntry;
  body: Buffer;
}

/** Said when a document's file was erased with the order's passport and travel details (storage key ''). */
export const DOCUMENT_ERASED = "This document was erased with the order's passport and travel details.";

async function readDocument(storage: Storage, row: UploadDocRow): Promise<DocumentFile> {
  if (!row.storageKey) throw new NotFoundError(DOCUMENT_ERASED);
  const object = await storage.get(row.storageKey);
  if (!object) throw new NotFoundError('The document file is missing from storage.');
  return { doc: uploadDocEntry(row), body: object.body };
}

/** A document by id, for staff (authenticated download; never a public path). */
export async function getDocumentForStaff(
  deps: Pick<DocumentDeps, 'db' | 'storage'>,
  staff: Staff,
  docId: number,
): Promise<DocumentFile> {
  requirePermission(staff, 'orders:work');
  const [row] = await deps.db.select().from(uploadDocs).where(eq(uploadDocs.id, docId));
  if (!row) throw new NotFoundError('Document not found.');
  return readDocument(deps.storage, row);
}

/**
 * The order's current document, or null when none was uploaded. For the
 * customer download: the caller checks the customer's order token first.
 */
export async function getDocument(
  deps: Pick<DocumentDeps, 'db' | 'storage'>,
  orderId: number,
): Promise<DocumentFile | null> {
  const [row] = await deps.db
    .select()
    .from(uploadDocs)
    .where(and(eq(uploadDocs.orderId, orderId), eq(uploadDocs.isCurrent, true)));
  return row ? readDocument(deps.storage, row) : null;
}
