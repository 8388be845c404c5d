import { ComingSoon } from '../../components/ComingSoon';

export function OrderDownloadPage() {
  return <div className="container py-4"><ComingSoon title="Download your Japan Arrival Card" /></div>;
}
