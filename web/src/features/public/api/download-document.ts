/**
 * POST /api/front/download-passport-doc-pdf answers {status, message} (product: public-pages.md#download) and a one-time download
 * URL; the GET of that URL sends the file and records the download (docs/decisions/0021).
 */
import type { DownloadTicket } from '../../../../../shared/schemas/tracking';
import { ApiError } from '../../../lib/api-envelope';
import { publicApi } from './public-api';
import { bearer, type CustomerAccess } from '../customer-access';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export async function requestDownload(orderId: number, access: CustomerAccess, file1: string): Promise<DownloadTicket> {
  return (
    await publicApi.post<DownloadTicket>(
      'front/download-passport-doc-pdf',
      { orderId, customername: 'customer', file1 },
      { headers: bearer(access) },
    )
  ).data;
}

/** The file behind a ticket. A plain fetch: the ticket is the only credential (never a staff token). */
export async function fetchDownload({ downloadUrl, file1 }: DownloadTicket): Promise<DownloadedFile> {
  const response = await fetch(downloadUrl);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`);
  }
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), filename: match?.[1] ?? file1 };
}

/** Hands a file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
