import { ComingSoon } from '../../components/ComingSoon';

export function GatewaySettingPage() {
  return <ComingSoon title="Change Gateway" />;
}
