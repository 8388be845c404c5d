import { describe, expect, it } from 'vitest';
import { RepeatedStatements } from './repeated-statements';

const MINUTE = 60_000;

describe('which statements with their values in their text run prepared', () => {
  it('prepares a text from its second read on, and never one read once', () => {
    const repeated = new RepeatedStatements(10, 10 * MINUTE);
    expect(repeated.shouldPrepare('page 1', 0)).toBe(false);
    expect(repeated.shouldPrepare('page 2', 1)).toBe(false);
    expect(repeated.shouldPrepare('page 1', 2)).toBe(true);
    expect(repeated.shouldPrepare('page 1', 3)).toBe(true);
    expect(repeated.shouldPrepare('page 3', 4)).toBe(false);
  });

  it('prepares at most its number of texts a window, then runs the others unprepared until the next window', () => {
    const repeated = new RepeatedStatements(2, 10 * MINUTE);
    for (const text of ['a', 'b', 'c']) repeated.shouldPrepare(text, 0);
    expect(['a', 'b', 'c'].map((text) => repeated.shouldPrepare(text, 1))).toEqual([true, true, false]);
    expect(repeated.shouldPrepare('a', 2)).toBe(true); // still one of the window's two
    expect(repeated.shouldPrepare('c', 3)).toBe(false);

    // A new window starts afresh: every text needs its second read again.
    expect(repeated.shouldPrepare('c', 10 * MINUTE)).toBe(false);
    expect(repeated.shouldPrepare('c', 10 * MINUTE + 1)).toBe(true);
    expect(repeated.shouldPrepare('a', 10 * MINUTE + 2)).toBe(false);
  });

  it('forgets the texts read once past its memory, so a long walk through pages prepares nothing', () => {
    const repeated = new RepeatedStatements(100, 10 * MINUTE, 3);
    const pages = Array.from({ length: 50 }, (_, i) => `page ${i + 1}`);
    expect(pages.map((text, i) => repeated.shouldPrepare(text, i)).some(Boolean)).toBe(false);
    expect(repeated.shouldPrepare('page 1', 100)).toBe(false);
  });
});
