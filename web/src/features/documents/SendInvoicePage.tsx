/** Manage Invoices (/admin/send-invoice): one order id field and a Send Invoice button (product: orders.md#invoices). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { invoiceOrderIdField } from '../../../../shared/schemas/mail-forms';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { useSendInvoice } from './api/send-invoice';

const invoiceFormSchema = z.object({ orderId: invoiceOrderIdField });
type InvoiceFormIn = z.input<typeof invoiceFormSchema>;
type InvoiceFormOut = z.output<typeof invoiceFormSchema>;

export function SendInvoicePage() {
  const send = useSendInvoice();
  const form = useForm<InvoiceFormIn, unknown, InvoiceFormOut>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: { orderId: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ orderId }) => {
    try {
      const res = await send.mutateAsync(orderId);
      toast.success(res.message);
      form.reset({ orderId: '' });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.orderId)
        form.setError('orderId', { message: error.errors.orderId });
      toast.error((error as Error).message);
    }
  });

  return (
    <>
      <PageHeader title="Send Invoice" />
      <div className="card" style={{ maxWidth: 560 }}>
        <div className="card-body">
          <form noValidate onSubmit={onSubmit}>
            <FormField
              label="Order ID"
              inputMode="numeric"
              autoComplete="off"
              registration={form.register('orderId')}
              error={errors.orderId}
            />
            <p className="form-text mt-n2 mb-3">
              The PDF invoice is e-mailed to the address on the order and appears in its Email History.
            </p>
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send Invoice'}
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
