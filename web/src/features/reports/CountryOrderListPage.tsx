/** Country Order Details (spec section 2): orders per nationality and processing mode. Every role. */
import type { CountryRow } from '../../../../shared/schemas/reports';
import { useCountryOrderCount } from './api/get-report';
import { SummaryReport, type ReportColumn } from './SummaryReport';

const COLUMNS: ReportColumn<CountryRow>[] = [
  { header: 'State/Territory', value: (r) => r.nationality },
  { header: 'Order Count', value: (r) => r.count, numeric: true },
  { header: 'Standard Processing', value: (r) => r.standard_count, numeric: true },
  { header: 'Priority Processing', value: (r) => r.priority_count, numeric: true },
  { header: 'Future Order Processing', value: (r) => r.future_count, numeric: true },
];
const nameOf = (r: CountryRow) => r.nationality;
const countOf = (r: CountryRow) => r.count;

export function CountryOrderListPage() {
  return (
    <SummaryReport
      title="Country Order Details" slug="country-orders" columns={COLUMNS} nameOf={nameOf} countOf={countOf}
      searchPlaceholder="Search nationality" chartTitle="Orders per nationality" useData={useCountryOrderCount}
    />
  );
}
