/** Upload Document, resend and retry: each reloads the order (and so its Email History) on success. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { MailHistoryEntry, UploadDocEntry } from '../../../../../shared/schemas/mail';
import type { MailProvider } from '../../../../../shared/schemas/mail-texts';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface UploadDocumentVars {
  email: string;
  file: File;
  mailServiceProvider: MailProvider;
}

/** POST /api/admin/upload-visa-document (multipart: orderId, email, uploadVisaDoc, mailServiceProvider). */
export function useUploadDocument(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: UploadDocumentVars) => {
      const form = new FormData();
      form.set('orderId', String(orderId));
      form.set('email', vars.email);
      form.set('mailServiceProvider', vars.mailServiceProvider);
      form.set('uploadVisaDoc', vars.file, vars.file.name);
      return api.post<{ uploadDoc: UploadDocEntry; mailId: number }>('admin/upload-visa-document', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}

/** POST /api/admin/resend-mail {orderId, email, mailServiceProvider}. */
export function useResendMail(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { email: string; mailServiceProvider: MailProvider }) =>
      api.post<{ mailId: number }>('admin/resend-mail', { orderId, ...vars }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}

/** POST /api/admin/retry-mail {mailId}: a failed mail goes back on the queue; the answer shows as a toast. */
export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mailId: number) => api.post<MailHistoryEntry>('admin/retry-mail', { mailId }),
    onError: (error) => {
      toast.error(error.message);
    },
    onSuccess: (res) =>
      Promise.all([
        toast.success(res.message),
        res.data.order_id
          ? client.invalidateQueries({ queryKey: queryKeys.orders.detail(res.data.order_id) })
          : undefined,
        client.invalidateQueries({ queryKey: ['mail-outbox'] }),
      ]),
  });
}
