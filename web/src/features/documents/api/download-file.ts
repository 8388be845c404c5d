/**
 * Staff downloads (documents, invoice PDFs) come from authenticated endpoints,
 * never a public path: the file is fetched with the bearer token and handed
 * to the browser as a blob.
 */
import { api } from '../../../lib/api';

function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await api.raw('GET', path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export const documentPath = (docId: number) => `admin/download-document/${docId}`;
export const attachmentPath = (mailId: number, index: number) => `admin/download-mail-attachment/${mailId}/${index}`;
