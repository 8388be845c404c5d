/** The reports feature's public entry (docs/decisions/0031): the summary counts a report export writes out. */
export { countryOrderCounts, processedByCounts } from './reports.service';
