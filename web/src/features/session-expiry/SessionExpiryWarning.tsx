/**
 * The warning before the staff session ends (docs/decisions/0022): SESSION_WARNING_LEAD_MS before
 * the token's `exp` a dialog says how long is left and asks for the password (and the two-factor code when the
 * member has it on). Signing in again swaps the stored token and ends the old session; the page underneath, and
 * anything typed in it, stays as it was.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { LazyModal } from '../../components/LazyModal';
import { toast } from 'react-toastify';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { readStoredLogin, saveDeviceToken, STORAGE_KEY } from '../../lib/auth-storage';
import { endReplacedSession, submitCode, submitPassword, type ReauthAnswer } from './reauthenticate';
import { formatRemaining, msUntilNextPhase, sessionPhase, tokenExpiresAt } from './session-timing';

/** setTimeout holds at most 2^31-1 ms: a longer wait is taken in steps. */
const MAX_TIMER_MS = 3_600_000;

/** The stored token's end, kept current when this tab or another one signs in again. */
function useSessionEnd(): number | null {
  const { user } = useAuth();
  const read = () => tokenExpiresAt(readStoredLogin()?.accessToken);
  const [expiresAt, setExpiresAt] = useState(read);
  useEffect(() => setExpiresAt(read()), [user]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) setExpiresAt(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return expiresAt;
}

/** Now, re-read when the phase changes and every second while the warning counts down. */
function useNow(expiresAt: number | null): number {
  const [now, setNow] = useState(Date.now);
  const phase = sessionPhase(expiresAt, now);
  useEffect(() => {
    if (phase === 'ending') {
      const tick = setInterval(() => setNow(Date.now()), 1000);
      return () => clearInterval(tick);
    }
    const wait = msUntilNextPhase(expiresAt, Date.now());
    if (wait === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, phase]);
  return now;
}

export function SessionExpiryWarning() {
  const { signIn } = useAuth();
  const expiresAt = useSessionEnd();
  const now = useNow(expiresAt);
  const phase = sessionPhase(expiresAt, now);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // "Not now" hides the warning until the session has actually ended.
  const show = phase === 'ended' || (phase === 'ending' && dismissedFor !== expiresAt);

  useEffect(() => {
    // Who is signing in again: asked while the session still works (the token carries no e-mail).
    if (show && !email && phase === 'ending')
      void api
        .get<{ email: string }>('user_info')
        .then((r) => setEmail(r.data.email))
        .catch(() => undefined);
  }, [show, email, phase]);

  useEffect(() => {
    if (show) return;
    setPassword('');
    setCode('');
    setOtpToken(null);
    setError(null);
  }, [show]);

  const finish = (answer: ReauthAnswer) => {
    if (answer.kind === 'code-needed') {
      setOtpToken(answer.otpToken);
      setCode('');
      return;
    }
    const oldToken = readStoredLogin()?.accessToken;
    saveDeviceToken(answer.deviceToken);
    // The new token first: the old session's stream then sees a new stored token when it ends, and reopens.
    signIn(answer.jwtToken);
    if (oldToken) endReplacedSession(oldToken);
    toast.success('You are signed in for another session.');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (otpToken ? !code.trim() : !password) {
      setError(otpToken ? 'Please enter the code.' : 'Please enter your password.');
      return;
    }
    if (!email) {
      setError('Your session has ended. Please sign in again.');
      return;
    }
    setError(null);
    setPending(true);
    try {
      finish(otpToken ? await submitCode(otpToken, code.trim()) : await submitPassword(email, password));
    } catch (failure) {
      if (otpToken && errorMessage(failure).startsWith('Your sign-in took too long')) setOtpToken(null);
      setError(errorMessage(failure, 'Sign-in failed. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const left = expiresAt === null ? 0 : expiresAt - now;
  return (
    <LazyModal
      show={show}
      onHide={() => setDismissedFor(expiresAt)}
      backdrop="static"
      centered
      aria-labelledby="session-expiry-title"
    >
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton={phase === 'ending'}>
          <Modal.Title id="session-expiry-title" as="h2" className="h5">
            {phase === 'ended' ? 'Your session has ended' : 'Your session is about to end'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {phase === 'ended' ? (
              'Sign in again to carry on: this page and what you typed stay as they are.'
            ) : (
              <>
                It ends in <strong className="session-expiry-left">{formatRemaining(left)}</strong>. Enter your password
                to stay signed in: this page and what you typed stay as they are.
              </>
            )}
          </p>
          {otpToken ? (
            <Form.Group controlId="session-expiry-code">
              <Form.Label>Two-factor code</Form.Label>
              <Form.Control
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                value={code}
                isInvalid={!!error}
                onChange={(event) => setCode(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            </Form.Group>
          ) : (
            <Form.Group controlId="session-expiry-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                isInvalid={!!error}
                onChange={(event) => setPassword(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          {phase === 'ending' ? (
            <Button variant="secondary" onClick={() => setDismissedFor(expiresAt)} disabled={pending}>
              Not now
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? 'Checking…' : otpToken ? 'Verify' : 'Stay signed in'}
          </Button>
        </Modal.Footer>
      </Form>
    </LazyModal>
  );
}
