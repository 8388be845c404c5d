import { ComingSoon } from '../../components/ComingSoon';

export function ProcessedOrderPage() {
  return <ComingSoon title="Processed By" />;
}
