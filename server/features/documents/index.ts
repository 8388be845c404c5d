/**
 * The documents feature's public entry (docs/decisions/0045): an order's finished documents, the lock every writer of
 * an order's document takes, and the document a customer downloads.
 */
export { DOCUMENT_ERASED, getDocument, listDocuments, lockOrderForDocument } from './documents.service';
