import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';

/** /logout only clears the stored login and goes to / (spec sidebar table). */
export function LogoutRoute() {
  const { signOut } = useAuth();
  useEffect(() => signOut(), [signOut]);
  return <Navigate to={paths.login} replace />;
}
