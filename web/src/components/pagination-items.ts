/**
 * Page buttons for a pager (product: screens.md#constants): every page when there are at most
 * 7, otherwise first, last, the current page with one sibling on each side, and
 * an ellipsis for each gap (MUI's usePagination rules with siblingCount 1).
 */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function paginationItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  if (pageCount <= 0) return [];
  const slots = siblings * 2 + 5; // first, last, current, siblings, two ellipses
  if (pageCount <= slots) return range(1, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const left = Math.max(current - siblings, 2);
  const right = Math.min(current + siblings, pageCount - 1);
  const showLeftGap = left > 3;
  const showRightGap = right < pageCount - 2;
  if (!showLeftGap) return [...range(1, 3 + 2 * siblings), 'end-ellipsis', pageCount];
  if (!showRightGap) return [1, 'start-ellipsis', ...range(pageCount - (2 + 2 * siblings), pageCount)];
  return [1, 'start-ellipsis', ...range(left, right), 'end-ellipsis', pageCount];
}
