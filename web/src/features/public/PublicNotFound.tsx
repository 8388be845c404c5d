import { paths } from '../../lib/paths';
import { PublicLayout } from './PublicLayout';
import { PublicLink } from './public-router';

/** The public catch-all: unknown addresses get a plain, branded page with a way forward. */
export function PublicNotFound() {
  return (
    <PublicLayout>
      {() => (
        <div className="container">
          <div className="card public-card shadow-sm">
            <div className="card-body p-4 text-center">
              <h1 className="h4">Page not found</h1>
              <p className="text-muted">The page you are looking for does not exist or has moved.</p>
              <PublicLink className="btn btn-brand" to={paths.public.trackOrder()}>
                Track your order
              </PublicLink>
            </div>
          </div>
        </div>
      )}
    </PublicLayout>
  );
}
