import { ComingSoon } from '../../components/ComingSoon';

export function ProcessingLogsPage() {
  return <ComingSoon title="Order Processing Logs" />;
}
