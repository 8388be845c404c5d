/**
 * Sign-in & Security (every role, from the user menu and the sidebar): two-factor sign-in, the member's active
 * sessions with an End button each, and "Sign out everywhere".
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '../../../../shared/schemas/auth-forms';
import { errorMessage } from '../../lib/api';
import { StaffTime } from '../../lib/time';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { SessionsTable } from '../../components/SessionsTable';
import {
  mySessionsQuery,
  twoFactorQuery,
  useDisableTwoFactor,
  useEndSession,
  useSignOutEverywhere,
} from './api/security';
import { TwoFactorSetup } from './TwoFactorSetup';

function TurnOff() {
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      toast.success((await disable.mutateAsync(code)).message);
    } catch (error) {
      form.setError('code', { message: errorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3" style={{ maxWidth: 280 }}>
      <FormField
        label="To turn it off, enter a current code"
        inputMode="numeric"
        autoComplete="one-time-code"
        registration={form.register('code')}
        error={form.formState.errors.code}
      />
      <button type="submit" className="btn btn-outline-danger" disabled={disable.isPending}>
        Turn off
      </button>
    </form>
  );
}

export function SecurityPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const twoFactor = useQuery(twoFactorQuery());
  const sessions = useQuery(mySessionsQuery());
  const endSession = useEndSession();
  const everywhere = useSignOutEverywhere();
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);

  const signOutEverywhere = async () => {
    try {
      toast.success((await everywhere.mutateAsync()).message);
      signOut();
      void navigate(paths.login);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirmEverywhere(false);
    }
  };
  const status = twoFactor.data;
  return (
    <>
      <PageHeader title="Sign-in & Security" />
      <section className="card mb-4" aria-labelledby="two-factor-title">
        <div className="card-header bg-white fw-semibold" id="two-factor-title">
          Two-factor sign-in
        </div>
        <div className="card-body">
          {twoFactor.isError ? <div className="text-danger">{errorMessage(twoFactor.error)}</div> : null}
          {status?.enabled ? (
            <>
              <p className="mb-1">
                <span className="badge text-bg-success me-2">On</span>since <StaffTime value={status.enabledAt} />. You
                sign in with your password and a code from your app.
              </p>
              <p className="small text-muted mb-0">{status.recoveryCodesLeft} of 10 recovery codes left.</p>
              {status.required ? (
                <p className="small text-muted mt-2 mb-0">
                  An Admin requires two-factor sign-in for every member, so it stays on.
                </p>
              ) : (
                <TurnOff />
              )}
            </>
          ) : status ? (
            <TwoFactorSetup
              intro={
                <p className="mb-3">
                  <span className="badge text-bg-secondary me-2">Off</span>Anyone who learns your password can sign in
                  as you. A second step with your phone stops them.
                </p>
              }
              onDone={() => void twoFactor.refetch()}
            />
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="sessions-title">
        <div
          className="card-header bg-white fw-semibold d-flex justify-content-between align-items-center"
          id="sessions-title"
        >
          <span>Where you are signed in</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setConfirmEverywhere(true)}>
            Sign out everywhere
          </button>
        </div>
        {sessions.isError ? <div className="card-body text-danger">{errorMessage(sessions.error)}</div> : null}
        {sessions.data ? (
          <SessionsTable
            sessions={sessions.data}
            busy={endSession.isPending}
            onEnd={(session) =>
              endSession.mutate(session.id, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          />
        ) : null}
      </section>
      <ConfirmDialog
        show={confirmEverywhere}
        message="Sign out of every browser and device, this one included?"
        busy={everywhere.isPending}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirmEverywhere(false)}
      />
    </>
  );
}
