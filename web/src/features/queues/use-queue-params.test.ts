import { describe, expect, it } from 'vitest';
import { viewQueryOf } from '../saved-views/view-query';
import { parseQueueParams, queuePageRequest, withFilters } from './use-queue-params';

describe('queue URL params', () => {
  it('reads page, rows per page, search and month with safe defaults', () => {
    expect(parseQueueParams(new URLSearchParams(''))).toEqual({
      page: 1,
      limitChoice: 10,
      search: '',
      month: undefined,
      sort: undefined,
      filters: {},
      exactTotal: false,
    });
    expect(parseQueueParams(new URLSearchParams('page=3&limit=500&q=zelda&month=4'))).toEqual({
      page: 3,
      limitChoice: 500,
      search: 'zelda',
      month: 4,
      sort: undefined,
      filters: {},
      exactTotal: false,
    });
    expect(parseQueueParams(new URLSearchParams('page=-2&limit=7&month=13')).page).toBe(1);
    expect(parseQueueParams(new URLSearchParams('limit=7')).limitChoice).toBe(10);
    expect(parseQueueParams(new URLSearchParams('limit=all')).limitChoice).toBe('all');
  });
  it('keeps the known sorts and drops any other (newest is the default, so absent)', () => {
    expect(parseQueueParams(new URLSearchParams('sort=arrival')).sort).toBe('arrival');
    expect(parseQueueParams(new URLSearchParams('sort=name_desc')).sort).toBe('name_desc');
    expect(parseQueueParams(new URLSearchParams('sort=newest')).sort).toBeUndefined();
    expect(parseQueueParams(new URLSearchParams('sort=price')).sort).toBeUndefined();
  });
  it('reads the filters, leaving out values the schema refuses', () => {
    expect(
      parseQueueParams(
        new URLSearchParams(
          'nationality=India,USA&processingMode=priority&arrivalFrom=2026-02-30&amountMin=10&assigneeId=0',
        ),
      ).filters,
    ).toEqual({ nationality: ['India', 'USA'], processingMode: ['priority'], amountMin: 10, assigneeId: [0] });
  });
  it('writes filters into the address, back to page 1, keeping the rest', () => {
    const next = withFilters(new URLSearchParams('page=4&sort=name&nationality=Iceland&q=abc'), {
      nationality: ['India'],
      currency: ['USD'],
    });
    expect(next.toString()).toBe('sort=name&q=abc&nationality=India&currency=USD');
    expect(viewQueryOf(next)).toBe('currency=USD&nationality=India&sort=name');
  });
  it('asks for the exact total (total=exact) only with filters and no search; new filters and views drop it', () => {
    const request = (query: string) => queuePageRequest(parseQueueParams(new URLSearchParams(query)));
    expect(request('nationality=India&total=exact').exactTotal).toBe(true);
    expect(request('nationality=India').exactTotal).toBeUndefined();
    expect(request('total=exact').exactTotal).toBeUndefined();
    expect(request('nationality=India&q=abc&total=exact').exactTotal).toBeUndefined();
    const next = withFilters(new URLSearchParams('nationality=India&total=exact'), { nationality: ['USA'] });
    expect(next.toString()).toBe('nationality=USA');
    expect(viewQueryOf(new URLSearchParams('nationality=India&total=exact'))).toBe('nationality=India');
  });
  it('asks for the rows per page chosen, and for All the server maximum', () => {
    expect(queuePageRequest(parseQueueParams(new URLSearchParams('limit=25&page=3'))).limit).toBe(25);
    expect(queuePageRequest(parseQueueParams(new URLSearchParams('limit=all'))).limit).toBe(5000);
    expect(queuePageRequest(parseQueueParams(new URLSearchParams(''))).limit).toBe(10);
  });
});
