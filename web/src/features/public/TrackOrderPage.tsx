/**
 * /track-order and /track-order/{encodedOrderId} (spec section 2 "Public routes"):
 * the customer proves the order with its id and e-mail, and goes to the download
 * page holding a short-lived token for that order.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { trackOrderSchema, type TrackOrderInput, type TrackOrderValues } from '../../../../shared/schemas/tracking';
import { decodeOrderId } from '../../../../shared/ids';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { FormField } from '../../components/FormField';
import { useTrackOrder } from './api/track-order';
import { PublicLayout } from './PublicLayout';

function TrackForm({ prefilledOrderId, supportEmail }: { prefilledOrderId: number | null; supportEmail: string | undefined }) {
  const navigate = useNavigate();
  const form = useForm<TrackOrderInput, unknown, TrackOrderValues>({
    resolver: zodResolver(trackOrderSchema),
    defaultValues: { orderId: prefilledOrderId === null ? '' : String(prefilledOrderId), email: '' },
  });
  const track = useTrackOrder();
  const { errors } = form.formState;

  const onSubmit = (values: TrackOrderValues) => track.mutate(values, {
    onSuccess: (answer) => {
      form.reset({ orderId: '', email: '' });
      toast.success(answer.message);
      void navigate(paths.public.orderDetails(answer.data.orderId));
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
  });

  return (
    <div className="container">
      <div className="card public-card shadow-sm">
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-2">Download your Japan Arrival Card</h1>
          <p className="text-muted mb-4">Enter the order ID from your confirmation e-mail and the e-mail address you used on your application.</p>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <FormField label="Order ID" inputMode="numeric" autoComplete="off" registration={form.register('orderId')} error={errors.orderId} />
            <FormField label="Email ID" type="email" autoComplete="email" registration={form.register('email')} error={errors.email} />
            <button type="submit" className="btn btn-brand w-100 py-2 mt-2" disabled={track.isPending}>
              {track.isPending ? 'TRACKING…' : 'TRACK ORDER'}
            </button>
          </form>
          <p className="text-center mt-4 mb-0">
            Need help? {supportEmail ? <a href={`mailto:${supportEmail}`}>Contact Support</a> : <span>Contact Support</span>}
          </p>
        </div>
      </div>
    </div>
  );
}

export function TrackOrderPage() {
  const { orderId: encoded } = useParams();
  const prefilled = encoded ? decodeOrderId(encoded) : null;
  return (
    <PublicLayout encodedOrderId={prefilled === null ? undefined : encoded}>
      {(brand) => <TrackForm key={encoded ?? ''} prefilledOrderId={prefilled} supportEmail={brand?.support_email} />}
    </PublicLayout>
  );
}
