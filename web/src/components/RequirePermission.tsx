import type { ReactNode } from 'react';
import { can, type Permission } from '../../../shared/roles';
import { useAuth } from '../lib/auth-context';

/** Hides a screen from roles that may not use it; the server refuses them anyway (403). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user } = useAuth();
  if (!can(user?.type, permission)) {
    return (
      <div className="alert alert-warning" role="alert">
        You do not have permission to view this page.
      </div>
    );
  }
  return <>{children}</>;
}
