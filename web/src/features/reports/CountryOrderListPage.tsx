/** Country Order Details (product: screens.md#reports-screens): orders per nationality and processing mode. Every role. */
import type { CountryRow } from '../../../../shared/schemas/reports';
import { useCountryOrderCount } from './api/get-report';
import { SummaryReport, type ReportColumn } from './SummaryReport';

// Orders whose passport details the retention policy erased count under an empty nationality.
const nationality = (r: CountryRow) => r.nationality || 'Erased (retention)';

const COLUMNS: ReportColumn<CountryRow>[] = [
  { header: 'State/Territory', value: nationality },
  { header: 'Order Count', value: (r) => r.count, numeric: true },
  { header: 'Standard Processing', value: (r) => r.standard_count, numeric: true },
  { header: 'Priority Processing', value: (r) => r.priority_count, numeric: true },
  { header: 'Future Order Processing', value: (r) => r.future_count, numeric: true },
];
const nameOf = nationality;
const countOf = (r: CountryRow) => r.count;

export function CountryOrderListPage() {
  return (
    <SummaryReport
      title="Country Order Details"
      slug="country-orders"
      exportReport="country"
      columns={COLUMNS}
      nameOf={nameOf}
      countOf={countOf}
      searchPlaceholder="Search nationality"
      chartTitle="Orders per nationality"
      useData={useCountryOrderCount}
    />
  );
}
