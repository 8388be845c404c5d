/** The reports feature's public entry (docs/decisions/0045): the summary counts a report export writes out. */
export { countryOrderCounts, processedByCounts } from './reports.service';
