/**
 * Document types accepted for upload (product: orders.md#documents), recognised by
 * their first bytes (magic numbers), never by the name or the browser's claim.
 */
export interface DocumentType {
  ext: 'pdf' | 'png' | 'jpg' | 'webp';
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { ext: 'pdf', contentType: 'application/pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

export const ACCEPTED_TYPES_TEXT = 'PDF, PNG, JPEG or WebP';
