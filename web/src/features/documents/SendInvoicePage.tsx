import { ComingSoon } from '../../components/ComingSoon';

export function SendInvoicePage() {
  return <ComingSoon title="Send Invoice" />;
}
