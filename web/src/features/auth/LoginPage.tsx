/**
 * The staff app's `/` route (reached inside the app after a logout or an ended session): the sign-in form with
 * the app's toasts and auth state. A first visit to `/` loads the small sign-in app instead (SignInApp.tsx).
 */
import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../lib/auth-context';
import { saveDeviceToken } from '../../lib/auth-storage';
import { paths } from '../../lib/paths';
import { SignInForm } from './SignInForm';

export function LoginPage() {
  const { isAuth, signIn } = useAuth();
  // Where a completed sign-in goes: the admin home, or the two-factor set-up an Admin requires.
  const [destination, setDestination] = useState<string>(paths.admin.home);
  if (isAuth) return <Navigate to={destination} replace />;
  return (
    <SignInForm
      showError={(message) => toast.error(message)}
      onSignedIn={(done) => {
        saveDeviceToken(done.deviceToken);
        setDestination(done.destination);
        signIn(done.jwtToken); // isAuth: the page redirects to the destination
        toast.success(done.message);
      }}
    />
  );
}
