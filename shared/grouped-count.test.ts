import { describe, expect, it } from 'vitest';
import { groupedCount } from './grouped-count';

describe('groupedCount', () => {
  it('groups a count by thousands with commas', () => {
    expect(groupedCount(7)).toBe('7');
    expect(groupedCount(999)).toBe('999');
    expect(groupedCount(1000)).toBe('1,000');
    expect(groupedCount(963840)).toBe('963,840');
    expect(groupedCount(1000000)).toBe('1,000,000');
  });
});
