import { groupedCount } from '../../../shared/grouped-count';

/**
 * The rows a page of a list shows, numbered from 1 across pages: page 2 of 10 rows holding 10 shows rows 11 to 20.
 * `rowsOnPage`: the rows the answer holds (the last page may hold fewer); none when the list is empty.
 */
export function pageRowRange(page: number, limit: number, rowsOnPage: number, total: number) {
  const before = (page - 1) * limit;
  return { firstRow: total === 0 ? 0 : before + 1, lastRow: Math.min(total, before + rowsOnPage) };
}

/**
 * A list's footer (product: screens.md#search-and-selection): "Showing 11 to 20 of 1,449 entries". `totalText`: the total as the
 * list writes it (an estimate reads "about 9,000"); `capped`: the total is a lower bound ("1,000+").
 */
export const showingEntries = (firstRow: number, lastRow: number, totalText: string, capped: boolean) =>
  `Showing ${groupedCount(firstRow)} to ${groupedCount(lastRow)} of ${totalText}${capped ? '+' : ''} entries`;
