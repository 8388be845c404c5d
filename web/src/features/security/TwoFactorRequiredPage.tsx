/** After the password, when an Admin requires two-factor sign-in and the member has none yet: set it up first. */
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { AppLogo } from '../../components/AppLogo';
import { TwoFactorSetup } from './TwoFactorSetup';

export function TwoFactorRequiredPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return <Navigate to={paths.login} replace />;
  return (
    <div className="container py-5" style={{ maxWidth: 760 }}>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <div className="d-flex align-items-center gap-2 mb-3">
            <AppLogo size={36} />
            <span className="fw-bold">{APP_NAME.toUpperCase()}</span>
          </div>
          <h1 className="h4">Set up two-factor sign-in</h1>
          <p className="text-muted">
            Welcome {user.name}. Your Admin requires a second step at sign-in for every member. Set it up now to
            continue.
          </p>
          <TwoFactorSetup onDone={() => void navigate(paths.admin.home)} />
          <hr />
          <button
            type="button"
            className="btn btn-link p-0"
            onClick={() => {
              signOut();
              void navigate(paths.login);
            }}
          >
            Sign out
          </button>
        </div>
      </div>
    </div>
  );
}
