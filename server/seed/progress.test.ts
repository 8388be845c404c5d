import { describe, expect, it } from 'vitest';
import { progressEvery } from './progress';

describe('progressEvery', () => {
  it('speaks when the interval has passed and always at the end, never more often', () => {
    let clock = 0;
    const lines: string[] = [];
    const progress = progressEvery(
      2000,
      10_000,
      'orders loaded',
      (line) => lines.push(line),
      () => clock,
    );
    clock = 500;
    progress(1000);
    clock = 1900;
    progress(2000);
    expect(lines).toEqual([]);
    clock = 2100;
    progress(3000);
    clock = 2500;
    progress(4000);
    clock = 4200;
    progress(6000);
    clock = 4300;
    progress(10_000);
    expect(lines).toEqual([
      '3,000 of 10,000 orders loaded (2.1 s, 1,429/s, about 5 s left)',
      '6,000 of 10,000 orders loaded (4.2 s, 1,429/s, about 3 s left)',
      '10,000 of 10,000 orders loaded (4.3 s, 2,326/s)',
    ]);
  });
});
