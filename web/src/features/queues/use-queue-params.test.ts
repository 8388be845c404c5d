import { describe, expect, it } from 'vitest';
import { effectiveLimit, parseQueueParams } from './use-queue-params';

describe('queue URL params', () => {
  it('reads page, rows per page, search and month with safe defaults', () => {
    expect(parseQueueParams(new URLSearchParams(''))).toEqual({ page: 1, limitChoice: 10, search: '', month: undefined });
    expect(parseQueueParams(new URLSearchParams('page=3&limit=500&q=zelda&month=4'))).toEqual({ page: 3, limitChoice: 500, search: 'zelda', month: 4 });
    expect(parseQueueParams(new URLSearchParams('page=-2&limit=7&month=13')).page).toBe(1);
    expect(parseQueueParams(new URLSearchParams('limit=7')).limitChoice).toBe(10);
    expect(parseQueueParams(new URLSearchParams('limit=all')).limitChoice).toBe('all');
  });
  it('turns All into the total, within the server maximum', () => {
    expect(effectiveLimit(25, 1000)).toBe(25);
    expect(effectiveLimit('all', 42)).toBe(42);
    expect(effectiveLimit('all', 0)).toBe(1);
    expect(effectiveLimit('all', 1_000_000)).toBe(5000);
  });
});
