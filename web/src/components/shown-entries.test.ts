import { describe, expect, it } from 'vitest';
import { pageRowRange, showingEntries } from './shown-entries';

describe("a list's footer", () => {
  it('numbers the rows of a page from 1 across pages; the last page ends at the total; an empty list shows none', () => {
    expect(pageRowRange(1, 10, 10, 1449)).toEqual({ firstRow: 1, lastRow: 10 });
    expect(pageRowRange(2, 10, 10, 1449)).toEqual({ firstRow: 11, lastRow: 20 });
    expect(pageRowRange(3, 25, 10, 60)).toEqual({ firstRow: 51, lastRow: 60 });
    expect(pageRowRange(1, 10, 0, 0)).toEqual({ firstRow: 0, lastRow: 0 });
  });

  it('says the range and the total, grouped, with "+" for a lower bound', () => {
    expect(showingEntries(1001, 1010, '1,449', false)).toBe('Showing 1,001 to 1,010 of 1,449 entries');
    expect(showingEntries(1, 10, 'about 9,000', false)).toBe('Showing 1 to 10 of about 9,000 entries');
    expect(showingEntries(1, 10, '10,000', true)).toBe('Showing 1 to 10 of 10,000+ entries');
  });
});
