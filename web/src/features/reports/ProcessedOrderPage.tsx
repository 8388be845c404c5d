/** Processed By (product: screens.md#reports-screens): orders processed per staff member. Admin and Manager (the server enforces it too). */
import type { ProcessedByRow } from '../../../../shared/schemas/reports';
import { RequirePermission } from '../../components/RequirePermission';
import { useProcessedByCount } from './api/get-report';
import { SummaryReport, type ReportColumn } from './SummaryReport';

const COLUMNS: ReportColumn<ProcessedByRow>[] = [
  { header: 'Name', value: (r) => r.processed_by },
  { header: 'Order Count', value: (r) => r.count, numeric: true },
];
const nameOf = (r: ProcessedByRow) => r.processed_by;
const countOf = (r: ProcessedByRow) => r.count;

export function ProcessedOrderPage() {
  return (
    <RequirePermission permission="reports:processed">
      <SummaryReport
        title="Processed By"
        slug="processed-by"
        exportReport="processed"
        columns={COLUMNS}
        nameOf={nameOf}
        countOf={countOf}
        searchPlaceholder="Search name"
        chartTitle="Orders per staff member"
        useData={useProcessedByCount}
      />
    </RequirePermission>
  );
}
