import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination-items';

describe('paginationItems (sibling count 1, ellipses past 7 pages)', () => {
  it('lists every page up to 7', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
  it('collapses with ellipses from 8 pages on', () => {
    expect(paginationItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 8]);
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(paginationItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(paginationItems(7, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(paginationItems(500, 15000)).toEqual([1, 'start-ellipsis', 499, 500, 501, 'end-ellipsis', 15000]);
  });
});
