/**
 * Upload Document (product: orders.md#documents): order id (read-only), e-mail, the file
 * (PDF or image; the server checks the content and the size), one submit button
 * per mail provider, and a Download File link once a document exists.
 */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { mailEmailField } from '../../../../shared/schemas/mail-forms';
import { MAIL_PROVIDER_LABELS, type MailProvider } from '../../../../shared/schemas/mail-texts';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { ValidatedInput } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { useForm } from 'react-hook-form';
import { DetailSection } from '../order-detail';
import { documentPath } from './api/download-file';
import { useEmailHistory } from './api/get-email-history';
import { useUploadDocument } from './api/mail-mutations';
import { DownloadButton, MailProviderButtons } from './MailBits';

export const ACCEPTED_FILES = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';

const uploadFormSchema = z.object({
  email: mailEmailField,
  file: z.custom<FileList>(
    (v) => typeof FileList !== 'undefined' && v instanceof FileList && v.length > 0,
    'File is required',
  ),
});
type UploadForm = z.input<typeof uploadFormSchema>;

export function UploadDocumentSection({ order }: { order: OrderDetail }) {
  const upload = useUploadDocument(order.order_id);
  const history = useEmailHistory(order.order_id);
  const current = history.data?.uploadDoc ?? null;
  const form = useForm<UploadForm>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { email: order.email },
  });
  const { errors } = form.formState;
  // A file input cannot be cleared by value: a new key gives a fresh, empty one after an upload.
  const [fileKey, setFileKey] = useState(0);

  const submit = (provider: MailProvider) =>
    form.handleSubmit(async (values) => {
      const file = (values.file as FileList)[0]!;
      try {
        const res = await upload.mutateAsync({ email: values.email, file, mailServiceProvider: provider });
        toast.success(res.message);
        form.reset({ email: values.email, file: undefined });
        setFileKey((k) => k + 1);
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.errors?.uploadVisaDoc) form.setError('file', { message: error.errors.uploadVisaDoc });
          else if (error.httpStatus === 413) form.setError('file', { message: error.message });
          if (error.errors?.email) form.setError('email', { message: error.errors.email });
        }
        toast.error((error as Error).message);
      }
    });

  return (
    <DetailSection title="Upload Document" id="upload-document">
      <form noValidate onSubmit={(e) => e.preventDefault()} data-testid="upload-document">
        <div className="row g-3">
          <div className="col-12 col-md-4">
            <label className="form-label" htmlFor="upload-order-id">
              Order ID
            </label>
            <input id="upload-order-id" className="form-control" value={order.order_id} readOnly />
          </div>
          <div className="col-12 col-md-8">
            <label className="form-label" htmlFor="upload-email">
              Email
            </label>
            <ValidatedInput id="upload-email" type="email" registration={form.register('email')} error={errors.email} />
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor="upload-file">
              Document (PDF, PNG, JPEG or WebP)
            </label>
            <ValidatedInput
              key={fileKey}
              id="upload-file"
              type="file"
              accept={ACCEPTED_FILES}
              registration={form.register('file')}
              error={errors.file}
            />
          </div>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
          <MailProviderButtons
            label={(p) =>
              upload.isPending && upload.variables?.mailServiceProvider === p
                ? 'Uploading…'
                : `Upload and send via ${MAIL_PROVIDER_LABELS[p]}`
            }
            onSend={(p) => void submit(p)()}
            disabled={upload.isPending}
          />
          {current ? (
            <span className="ms-md-auto">
              <DownloadButton path={documentPath(current.id)} filename={current.file1}>
                Download File
              </DownloadButton>
              <small className="text-muted ms-2">
                {current.file1}
                {current.uploaded_by_name ? `, uploaded by ${current.uploaded_by_name}` : ''}
              </small>
            </span>
          ) : null}
        </div>
      </form>
    </DetailSection>
  );
}
