import { ComingSoon } from '../../components/ComingSoon';

export function CountryOrderListPage() {
  return <ComingSoon title="Country Order Details" />;
}
