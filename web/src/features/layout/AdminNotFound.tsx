import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function AdminNotFound() {
  return (
    <div className="alert alert-warning">
      <h1 className="h5">Page not found</h1>
      <p className="mb-2">There is no admin screen at this address.</p>
      <Link to={paths.admin.home}>Go to New Orders</Link>
    </div>
  );
}
