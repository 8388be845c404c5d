/**
 * /track-order and /track-order/{encodedOrderId} (product: public-pages.md#track):
 * the customer proves the order with its id and e-mail, and goes to the download
 * page holding a short-lived token for that order. Empty or non-numeric fields are
 * caught here; everything else is the server's schema's word (its per-field messages).
 */
import { useState, type FormEvent } from 'react';
import { CUSTOMER_ORDER_ID, TRACK_MESSAGES } from '../../../../shared/schemas/tracking-texts';
import { decodeOrderId } from '../../../../shared/ids';
import { ApiError } from '../../lib/api-envelope';
import { paths } from '../../lib/paths';
import { trackOrder } from './api/track-order';
import { useAnswerText } from './i18n/answers';
import { useT } from './i18n/messages';
import { PublicLayout } from './PublicLayout';
import { navigate } from './public-router';

type Field = 'orderId' | 'email';

/** The fields' errors, as the product's English texts (the page shows them in its language). */
function checkFields(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const orderId = values.orderId.trim();
  if (!orderId) errors.orderId = TRACK_MESSAGES.orderIdRequired;
  else if (!CUSTOMER_ORDER_ID.test(orderId)) errors.orderId = TRACK_MESSAGES.orderIdInvalid;
  if (!values.email.trim()) errors.email = TRACK_MESSAGES.emailRequired;
  return errors;
}

function TextField({
  id,
  label,
  error,
  ...input
}: { id: Field; label: string; error: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function TrackForm({
  prefilledOrderId,
  supportEmail,
}: {
  prefilledOrderId: number | null;
  supportEmail: string | undefined;
}) {
  const t = useT();
  const answerText = useAnswerText();
  const [values, setValues] = useState<Record<Field, string>>({
    orderId: prefilledOrderId === null ? '' : String(prefilledOrderId),
    email: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkFields(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const answer = await trackOrder(values);
      navigate(paths.public.orderDetails(answer.data.orderId), {
        notice: { kind: 'success', text: answerText(answer.message) },
      });
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.errors)
        setErrors({ orderId: error.errors.orderId, email: error.errors.email });
      setFailure(error instanceof ApiError ? answerText(error.message, error.httpStatus) : t('track.failed'));
    }
  };

  return (
    <div className="container">
      <div className="card public-card shadow-sm">
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-2">{t('track.heading')}</h1>
          <p className="text-muted mb-4">{t('track.intro')}</p>
          {failure ? (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          ) : null}
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField
              id="orderId"
              label={t('track.orderId')}
              inputMode="numeric"
              autoComplete="off"
              value={values.orderId}
              onChange={change('orderId')}
              error={errors.orderId && answerText(errors.orderId)}
            />
            <TextField
              id="email"
              label={t('track.email')}
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={change('email')}
              error={errors.email && answerText(errors.email)}
            />
            <button type="submit" className="btn btn-brand w-100 py-2 mt-2" disabled={pending}>
              {pending ? t('track.submitting') : t('track.submit')}
            </button>
          </form>
          <p className="text-center mt-4 mb-0">
            {t('track.needHelp')}{' '}
            {supportEmail ? (
              <a href={`mailto:${supportEmail}`}>{t('track.contactSupport')}</a>
            ) : (
              <span>{t('track.contactSupport')}</span>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}

export function TrackOrderPage({ encodedOrderId: encoded }: { encodedOrderId?: string | undefined }) {
  const prefilled = encoded ? decodeOrderId(encoded) : null;
  return (
    <PublicLayout encodedOrderId={prefilled === null ? undefined : encoded} title="track.heading">
      {(brand) => <TrackForm key={encoded ?? ''} prefilledOrderId={prefilled} supportEmail={brand?.support_email} />}
    </PublicLayout>
  );
}
