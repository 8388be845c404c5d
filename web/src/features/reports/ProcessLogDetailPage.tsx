import { ComingSoon } from '../../components/ComingSoon';

export function ProcessLogDetailPage() {
  return <ComingSoon title="Process Logs Details" />;
}
