import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The public catch-all: unknown addresses get a plain page with a way forward. */
export function PublicNotFound() {
  return (
    <div className="container py-5" style={{ maxWidth: 640 }}>
      <div className="card shadow-sm">
        <div className="card-body p-4 text-center">
          <h1 className="h4">Page not found</h1>
          <p className="text-muted">The page you are looking for does not exist or has moved.</p>
          <Link className="btn btn-primary" to={paths.public.trackOrder()}>Track your order</Link>
        </div>
      </div>
    </div>
  );
}
