/**
 * Admin login (product: screens.md#sign-in-screen, roles.md#sign-in). A member with two-factor sign-in on is asked for
 * a code after the password (the answer's status 2); one whose Admin requires it and who has none yet is taken to
 * its set-up (docs/decisions/0011).
 *
 * Written without the staff app's libraries (no router, query cache, form or schema library, toasts): it is the
 * first screen of the small sign-in app (SignInApp.tsx) and also the staff app's `/` route
 * (LoginPage.tsx), each passing how to show a message and what a completed sign-in does. The fields behave as the
 * staff forms do: checked on submit, then again on every change, the first wrong field focused.
 */
import { useRef, useState, type InputHTMLAttributes, type RefObject } from 'react';
import { checkSignIn, checkTwoFactorCode } from '../../../../shared/schemas/sign-in-texts';
import { api, ApiError, type Envelope } from '../../lib/api';
import { readDeviceToken } from '../../lib/auth-storage';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { AppLogo } from '../../components/AppLogo';
import './login.css';

type SignedIn = { id: number; name: string; email: string; type: string; twoFactorSetupRequired: boolean };
type CodeNeeded = { otpToken: string };

/** What a completed sign-in hands over: the answer's tokens and message, and where to go next. */
export interface CompletedSignIn {
  jwtToken: string;
  deviceToken: string;
  message: string;
  destination: string;
}

export interface SignInFormProps {
  /** Shows a failure (the staff app's toast, or the sign-in app's own). */
  showError(message: string): void;
  onSignedIn(signedIn: CompletedSignIn): void;
  /** Called when the member starts typing: a chance to fetch what comes after sign-in. */
  onFirstInput?: () => void;
}

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Sign-in failed. Please try again.';

export function SignInForm({ showError, onSignedIn, onFirstInput }: SignInFormProps) {
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [login, setLogin] = useState({ email: '', password: '' });
  const [loginSubmitted, setLoginSubmitted] = useState(false);
  const [code, setCode] = useState({ code: '' });
  const [codeSubmitted, setCodeSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const loginErrors = loginSubmitted ? checkSignIn(login).errors : {};
  const codeErrors = codeSubmitted ? checkTwoFactorCode(code).errors : {};

  const finish = (answer: Envelope<SignedIn>) =>
    onSignedIn({
      jwtToken: String(answer.jwtToken),
      deviceToken: String(answer.deviceToken),
      message: answer.message,
      destination: answer.data.twoFactorSetupRequired ? paths.twoFactorSetup : paths.admin.home,
    });

  const submitLogin = async () => {
    setLoginSubmitted(true);
    const { values, errors } = checkSignIn(login);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setPending(true);
    try {
      const answer = await api.post<SignedIn | CodeNeeded>('admin/admin-login', {
        ...values,
        deviceToken: readDeviceToken(),
      });
      if (answer.status === 2) {
        setOtpToken((answer.data as CodeNeeded).otpToken);
        setCode({ code: '' });
        setCodeSubmitted(false);
      } else finish(answer as Envelope<SignedIn>);
    } catch (error) {
      showError(failureText(error));
    } finally {
      setPending(false);
    }
  };

  const submitCode = async () => {
    setCodeSubmitted(true);
    const { values, errors } = checkTwoFactorCode(code);
    if (errors.code) {
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      finish(
        await api.post<SignedIn>('admin/verify-otp', { otpToken, code: values.code, deviceToken: readDeviceToken() }),
      );
    } catch (error) {
      // The one-time token lasts minutes: when it has run out, start again from the password.
      if (error instanceof ApiError && error.message.startsWith('Your sign-in took too long')) setOtpToken(null);
      showError(failureText(error));
    } finally {
      setPending(false);
    }
  };

  const started = useRef(false);
  const onInput = () => {
    if (started.current) return;
    started.current = true;
    onFirstInput?.();
  };

  return (
    <div className="login-page d-flex align-items-center justify-content-center">
      <div className="card login-card shadow-sm w-100">
        <div className="row g-0">
          <div className="col-md-5 login-brand d-flex flex-column align-items-center justify-content-center text-center p-4">
            <AppLogo size={88} className="mb-3" />
            <div className="fw-bold fs-5">{APP_NAME.toUpperCase()}</div>
            <div className="small opacity-75 mt-1">Staff back-office</div>
          </div>
          <div className="col-md-7 p-4 p-md-5">
            {otpToken ? (
              <>
                <h1 className="h4 mb-2">Two-factor sign-in</h1>
                <p className="text-muted small mb-4">
                  Enter the six-digit code your authenticator app shows, or one of your recovery codes.
                </p>
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submitCode();
                  }}
                >
                  <Field
                    id="code"
                    label="Code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    autoFocus
                    inputRef={codeRef}
                    value={code.code}
                    onChange={(event) => setCode({ code: event.target.value })}
                    error={codeErrors.code}
                  />
                  <button type="submit" className="btn btn-primary w-100 mt-2" disabled={pending}>
                    {pending ? 'Checking…' : 'Verify'}
                  </button>
                  <button type="button" className="btn btn-link w-100 mt-2" onClick={() => setOtpToken(null)}>
                    Back to sign in
                  </button>
                </form>
              </>
            ) : (
              <>
                <h1 className="h4 mb-4">Sign In</h1>
                <form
                  noValidate
                  onInput={onInput}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submitLogin();
                  }}
                >
                  <Field
                    id="email"
                    label="Email"
                    type="email"
                    autoComplete="username"
                    inputRef={emailRef}
                    value={login.email}
                    onChange={(event) => setLogin({ ...login, email: event.target.value })}
                    error={loginErrors.email}
                  />
                  <Field
                    id="password"
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    inputRef={passwordRef}
                    value={login.password}
                    onChange={(event) => setLogin({ ...login, password: event.target.value })}
                    error={loginErrors.password}
                  />
                  <button type="submit" className="btn btn-primary w-100 mt-2" disabled={pending}>
                    {pending ? 'Signing in…' : 'Sign In'}
                  </button>
                </form>
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The markup of components/FormField.tsx (a labelled Bootstrap input, its message underneath), without react-hook-form. */
function Field({ id, label, error, inputRef, ...input }: FieldProps) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        ref={inputRef}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={!!error}
        {...input}
      />
      {error ? <div className="invalid-feedback">{error}</div> : null}
    </div>
  );
}
