/**
 * Turning two-factor sign-in on: the secret as a QR code and as text (for an app on this computer), a first code
 * to confirm it, then the recovery codes, shown this once.
 */
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '../../../../shared/schemas/auth-forms';
import { errorMessage } from '../../lib/api';
import { FormField } from '../../components/FormField';
import { useBeginSetup, useEnableTwoFactor } from './api/security';

export function TwoFactorSetup({ intro, onDone }: { intro?: ReactNode; onDone(): void }) {
  const begin = useBeginSetup();
  const enable = useEnableTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });

  if (recoveryCodes) {
    return (
      <div className="recovery-codes">
        <div className="alert alert-success">Two-factor sign-in is on.</div>
        <p className="mb-2">
          <strong>Save these recovery codes</strong> somewhere safe. Each one signs you in once if you lose your phone;
          they are not shown again.
        </p>
        <ul className="list-unstyled font-monospace row row-cols-2 g-1 mb-3" aria-label="Recovery codes">
          {recoveryCodes.map((code) => (
            <li key={code} className="col">
              {code}
            </li>
          ))}
        </ul>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(recoveryCodes.join('\n')).then(() => toast.success('Copied.'))
            }
          >
            Copy codes
          </button>
          <button type="button" className="btn btn-primary" onClick={onDone}>
            I have saved my codes
          </button>
        </div>
      </div>
    );
  }
  if (!begin.data) {
    return (
      <div>
        {intro}
        <p>
          Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) to make a new code
          every 30 seconds. You will type it after your password.
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={begin.isPending}
          onClick={() => begin.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })}
        >
          Set up two-factor sign-in
        </button>
      </div>
    );
  }
  const confirm = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      setRecoveryCodes(answer.data.recoveryCodes);
    } catch (error) {
      form.setError('code', { message: errorMessage(error) });
    }
  });
  return (
    <div className="row g-4 align-items-start">
      <div className="col-sm-auto text-center">
        <img
          src={begin.data.qrCode}
          alt="QR code for your authenticator app"
          width={220}
          height={220}
          className="border rounded"
        />
      </div>
      <div className="col">
        <ol className="ps-3">
          <li className="mb-2">Scan the QR code with your authenticator app.</li>
          <li className="mb-2">
            Or enter this key by hand:{' '}
            <code className="user-select-all fs-6" data-testid="two-factor-secret">
              {begin.data.secret}
            </code>
          </li>
          <li>Type the six-digit code the app shows.</li>
        </ol>
        <form noValidate onSubmit={(e) => void confirm(e)} style={{ maxWidth: 280 }}>
          <FormField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            registration={form.register('code')}
            error={form.formState.errors.code}
          />
          <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
            Turn on
          </button>
        </form>
      </div>
    </div>
  );
}
