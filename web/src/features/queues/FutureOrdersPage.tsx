import { ComingSoon } from '../../components/ComingSoon';

export function FutureOrdersPage() {
  return <ComingSoon title="Future Order" />;
}
