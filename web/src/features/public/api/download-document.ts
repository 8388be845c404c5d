/**
 * POST /api/front/download-passport-doc-pdf: the document's bytes (the server
 * records the download). The history reloads at once; the page saves the file.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bearer, type CustomerAccess } from '../customer-access';
import { publicKeys } from './keys';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

export function useDownloadDocument(orderId: number, access: CustomerAccess | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file1: string): Promise<DownloadedFile> => {
      const response = await api.raw('POST', 'front/download-passport-doc-pdf', {
        body: { orderId, customername: 'customer', file1 }, headers: bearer(access!),
      });
      return { blob: await response.blob(), filename: filenameOf(response, file1) };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKeys.downloadHistory(orderId) }),
  });
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
