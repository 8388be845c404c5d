import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cheapestPiece, likeTrigrams, type TrigramStats } from './search-terms';

// Trigram counts sampled from the bench's 1M generated orders, for the trigrams of the terms below.
const sample = JSON.parse(readFileSync(new URL('./search-terms.sample.json', import.meta.url), 'utf8')) as { tableRows: number; sampleRows: number; counts: Record<string, number> };
const benchLike: TrigramStats = { ...sample, counts: new Map(Object.entries(sample.counts)) };

describe('likeTrigrams', () => {
  it("gives pg_trgm's trigrams of like '%term%': words padded only where the term itself bounds them", () => {
    expect(likeTrigrams('word').map((p) => p.trigram)).toEqual(['wor', 'ord']);
    expect(likeTrigrams("d'amo").map((p) => p.trigram)).toEqual(['  a', ' am', 'amo']);
    expect(likeTrigrams('ab.cd').map((p) => p.trigram)).toEqual(['ab ', '  c', ' cd']);
  });
});

describe('cheapestPiece', () => {
  // On that data: "buster.damore170" 4.6 ms whole, 0.9 ms through "amore17" (38 candidates);
  // "douglas.welch812@post.example" 31 ms whole, 0.5 ms through "elch81" (58 candidates).
  it('gives a long e-mail term a rare piece of it instead of every common trigram', () => {
    for (const term of ['buster.damore170', 'douglas.welch812@post.example']) {
      const counts = likeTrigrams(term).map((p) => sample.counts[p.trigram]!);
      const rare = likeTrigrams(term).map((p) => p.trigram).filter((t) => sample.counts[t]! <= 2 * Math.min(...counts));
      const piece = cheapestPiece(term, benchLike);
      expect(piece, term).not.toBeNull();
      expect(term, term).toContain(piece!);
      expect(rare.some((t) => piece!.includes(t)), `${term}: ${piece}`).toBe(true); // one of the rarest trigrams drives the index
      expect(piece!.length, term).toBeGreaterThan(3); // and a neighbour narrows what it finds
    }
  });

  it('keeps the whole term when its trigrams are only selective together', () => {
    expect(cheapestPiece('john.smith', benchLike)).toBeNull(); // "john" or "smith" alone match thousands of orders
    expect(cheapestPiece('10974', benchLike)).toBeNull();
    expect(cheapestPiece("d'amo", benchLike)).toBeNull();
  });

  it('keeps the whole term without statistics or without a piece of 3 letters or digits', () => {
    expect(cheapestPiece('buster.damore170', null)).toBeNull();
    expect(cheapestPiece('a.b-c', benchLike)).toBeNull();
  });
});
