/** "Enter Transaction Details": transaction id and merchant name (product: orders.md#transaction-details messages). */
import { Modal } from 'react-bootstrap';
import { LazyModal } from '../../components/LazyModal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { transactionDetailsSchema } from '../../../../shared/schemas/order-detail-forms';
import { FormField } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { useUpdateTransactionDetails } from './api/update-transaction-details';

const formSchema = transactionDetailsSchema.omit({ orderId: true });
interface FormValues {
  transactionId: string;
  merchantName: string;
}

interface Props {
  show: boolean;
  orderId: number;
  current: { transactionId: string | null; merchantName: string | null };
  onClose(): void;
}

export function TransactionDetailsModal({ show, orderId, current, onClose }: Props) {
  return (
    <LazyModal show={show} onHide={onClose} centered>
      <TransactionDetailsForm orderId={orderId} current={current} onClose={onClose} />
    </LazyModal>
  );
}

/**
 * The modal's content, mounted each time it opens (a closed Modal draws no content): the form is filled with the order's
 * values at that moment, and the order page does not create a form nobody has opened (react-hook-form draws each form
 * a second time before the page's first paint).
 */
function TransactionDetailsForm({ orderId, current, onClose }: Omit<Props, 'show'>) {
  const save = useUpdateTransactionDetails(orderId);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { transactionId: current.transactionId ?? '', merchantName: current.merchantName ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(values);
      toast.success(res.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'transactionId' || field === 'merchantName') form.setError(field, { message });
        }
      }
      toast.error((error as Error).message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Enter Transaction Details
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormField
          label="Transaction Id"
          id="transactionId"
          registration={form.register('transactionId')}
          error={errors.transactionId}
        />
        <FormField
          label="Merchant Name"
          id="merchantName"
          className="mb-0"
          registration={form.register('merchantName')}
          error={errors.merchantName}
        />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save
        </button>
      </Modal.Footer>
    </form>
  );
}
