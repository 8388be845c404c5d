import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinkClickAsTransition } from '../lib/link-click-as-transition';
import { paths } from '../lib/paths';

/**
 * A link to an order's page, from wherever staff open one (a queue row's View, a bulk action's refused orders, the
 * disputes, a process log): a router link whose click starts as a transition (lib/link-click-as-transition.ts).
 */
export function OrderPageLink({
  orderId,
  className,
  title,
  children,
}: {
  orderId: number;
  className?: string | undefined;
  title?: string | undefined;
  children: ReactNode;
}) {
  const to = paths.admin.viewOrder(orderId);
  const onClick = useLinkClickAsTransition(to);
  return (
    <Link to={to} onClick={onClick} className={className} title={title}>
      {children}
    </Link>
  );
}
