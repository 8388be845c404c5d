/**
 * What the trigram index is asked for a "contains" search. PostgreSQL answers
 * `search_text like '%term%'` by intersecting the posting list of every trigram
 * of the term, and a long term (an e-mail address) carries common trigrams whose
 * lists hold hundreds of thousands of orders, while a rarer piece of it ("re170"
 * of "buster.damore170") has a short list and finds the same orders. So a long term
 * asks the index for its cheapest piece, or two from different words, and checks
 * the whole term with strpos (which no index serves, so the planner cannot fold it
 * back into the index scan). A piece costs its posting lists plus a heap visit
 * for every order that holds it. Both are estimated from a sample of `orders` (about 10,000 search
 * texts, taken by each process and renewed hourly): trigram frequencies for the
 * lists, and for the orders a count of the sampled texts that contain the piece.
 * The count matters: the pieces of a surname ("cejkov") are as rare one by one as
 * those of an e-mail's number ("c993"), but the first is held by every order of
 * that surname and the second by a dozen.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Executor } from '../../db/client';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { perObject } from '../../lib/per-object';

export interface TrigramStats {
  /** Orders in the table (the planner's estimate) and in the sample. */
  tableRows: number;
  sampleRows: number;
  /** Trigram -> sampled orders whose search_text holds it (pg_trgm's form: lower case, words padded). */
  counts: Map<string, number>;
  /** The sampled search texts, and for each trigram of three letters or digits the sample rows holding it, in order. */
  texts: string[];
  rowsHolding: Map<string, number[]>;
}

/**
 * Costs in nanoseconds, fitted to the bitmap index scans of 15 terms on 1M orders (PostgreSQL 15). The
 * index walks the posting list of the rarest trigram and, for each of its entries, advances every other
 * trigram's list to it: past a few items on a list about as long, past a whole page of compressed items
 * (~12 us) on a list a thousand times longer, such as "amp" of every "example" address. Then each order
 * holding all the trigrams goes into the bitmap and is fetched from the heap and rechecked.
 */
const ENTRY_NS = 3_000;
const RAREST_ITEM_NS = 40;
const ADVANCE_NS = 25;
const SKIPPED_ITEM_NS = 5;
const MAX_SKIPPED = 2_500;
const RECHECK_NS = 1_500;
/**
 * Without a sampled text holding a piece, its orders are at most the orders holding its rarest trigram.
 * Each further trigram that shares no character with those already counted narrows them, by
 * 1 / (CORRELATION x its share) rather than by 1 / its share, as the parts of one name or address go
 * together. Overlapping trigrams narrow nothing in this model ("re1" nearly implies "e17").
 */
const CORRELATION = 5;
/** A piece replaces the whole term only when the model says it is at least this many times cheaper. */
const REQUIRED_GAIN = 1.5;
const MAX_PIECE = 8;
/** Sampled texts checked for a piece at most (through its rarest trigram); more are extrapolated from these. */
const MAX_CHECKED = 500;

/** A trigram and where it starts, in one numbering for the whole term (words kept apart). */
interface Placed {
  trigram: string;
  at: number;
}

const trigramsOf = (text: string, from = 0): Placed[] => {
  const chars = [...text];
  const out: Placed[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push({ trigram: chars.slice(i, i + 3).join(''), at: from + i });
  return out;
};

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The trigrams pg_trgm extracts from `like '%term%'`: per word (letters and digits), padded with two
 * spaces in front when something other than the wildcard precedes it and one space after when
 * something follows it.
 */
export function likeTrigrams(term: string): Placed[] {
  const found: Placed[] = [];
  for (const word of term.matchAll(WORD)) {
    const start = word.index;
    const end = start + word[0].length;
    const padded = `${start > 0 ? '  ' : ''}${word[0]}${end < term.length ? ' ' : ''}`;
    found.push(...trigramsOf(padded, 2 * start)); // 2x: a word's padding never reaches the next word's positions
  }
  return found;
}

const PLAIN_TRIGRAM = /^[a-z0-9]{3}$/;
/** Where pieces come from, and the trigrams the sample lists its rows by: runs of ASCII letters and digits. */
const PLAIN_RUN = /[a-z0-9]{3,}/g;

/**
 * Counts lower-case search texts the way pg_trgm indexes them (each word padded with two spaces in front
 * and one after; a trigram counted once per text) and lists, per trigram of three letters or digits, the
 * texts holding it. Texts are added one at a time, so a caller can count a large sample in slices.
 */
function trigramCounter() {
  // One entry per trigram: its count, and the last row counted, so that a row counts it once.
  const seen = new Map<string, { count: number; lastRow: number; rows: number[] | null }>();
  const texts: string[] = [];
  return {
    add(text: string) {
      const row = texts.push(text) - 1;
      for (const word of text.matchAll(WORD)) {
        const chars = [...`  ${word[0]} `];
        for (let i = 0; i + 3 <= chars.length; i++) {
          const trigram = chars[i]! + chars[i + 1]! + chars[i + 2]!;
          const entry = seen.get(trigram);
          if (!entry) {
            seen.set(trigram, { count: 1, lastRow: row, rows: PLAIN_TRIGRAM.test(trigram) ? [row] : null });
          } else if (entry.lastRow !== row) {
            entry.count++;
            entry.lastRow = row;
            entry.rows?.push(row);
          }
        }
      }
    },
    stats(tableRows: number): TrigramStats {
      const counts = new Map<string, number>();
      const rowsHolding = new Map<string, number[]>();
      for (const [trigram, entry] of seen) {
        counts.set(trigram, entry.count);
        if (entry.rows) rowsHolding.set(trigram, entry.rows);
      }
      return { tableRows: Math.max(tableRows, texts.length), sampleRows: texts.length, counts, texts, rowsHolding };
    },
  };
}

/** The trigram statistics of `texts` (a sample of search texts) at once. */
export function trigramStatsOf(texts: string[], tableRows: number): TrigramStats {
  const counter = trigramCounter();
  for (const text of texts) counter.add(text);
  return counter.stats(tableRows);
}

/**
 * The same, a slice of texts at a time, giving the event loop back between slices: counting the hourly
 * sample at once would hold every request of the process until it is done; a slice takes a few milliseconds.
 */
export async function trigramStatsInSlices(texts: string[], tableRows: number, slice = 250): Promise<TrigramStats> {
  const counter = trigramCounter();
  for (let from = 0; from < texts.length; from += slice) {
    if (from > 0) await yieldToEventLoop();
    for (const text of texts.slice(from, from + slice)) counter.add(text);
  }
  return counter.stats(tableRows);
}

/** A trigram's share of the sampled orders (half a row when the sample never saw it). */
const shareOf = (stats: TrigramStats, trigram: string) =>
  Math.max(0.5, stats.counts.get(trigram) ?? 0) / Math.max(1, stats.sampleRows);

const NO_ROWS: number[] = [];

/**
 * Sampled texts containing every one of `texts`, counted among those holding the rarest of their trigrams of
 * three letters or digits (extrapolated past MAX_CHECKED of them); null when they have no such trigram.
 */
function sampledHolders(stats: TrigramStats, texts: string[]): number | null {
  let rarest: number[] | null = null;
  for (const text of texts) {
    for (const run of text.matchAll(PLAIN_RUN)) {
      for (let i = 0; i + 3 <= run[0].length; i++) {
        const rows = stats.rowsHolding.get(run[0].slice(i, i + 3)) ?? NO_ROWS;
        if (!rarest || rows.length < rarest.length) rarest = rows;
      }
    }
  }
  if (!rarest) return null;
  const checked = Math.min(rarest.length, MAX_CHECKED);
  let hits = 0;
  for (let k = 0; k < checked; k++) {
    const sampled = stats.texts[rarest[k]!]!;
    if (texts.every((text) => sampled.includes(text))) hits++;
  }
  return checked ? (hits * rarest.length) / checked : 0;
}

/** Orders holding trigrams with these shares at these positions, by the correlation model above. */
function modelledHolders(shares: number[], positions: number[], tableRows: number): number {
  const counted: number[] = [];
  let holders = tableRows;
  for (const i of shares.map((_, k) => k).sort((x, y) => shares[x]! - shares[y]!)) {
    if (counted.some((at) => Math.abs(at - positions[i]!) < 3)) continue;
    holders *= counted.length ? Math.min(1, CORRELATION * shares[i]!) : shares[i]!;
    counted.push(positions[i]!);
  }
  return holders;
}

/** Modelled cost of walking the posting lists of trigrams with these shares, as described above. */
function postingsCost(shares: number[], tableRows: number): number {
  const lengths = shares.map((share) => Math.max(1, share * tableRows));
  const rarest = Math.min(...lengths);
  let cost = ENTRY_NS * lengths.length + RAREST_ITEM_NS * rarest;
  for (const length of lengths)
    cost += rarest * (ADVANCE_NS + SKIPPED_ITEM_NS * Math.min(length / rarest, MAX_SKIPPED));
  return cost - rarest * (ADVANCE_NS + SKIPPED_ITEM_NS); // the rarest list is not advanced to itself
}

/**
 * Modelled cost of asking the index for all of `texts` (one scan ANDs every `like` on the index) and
 * rechecking the orders it returns: counted in the sample when some sampled text holds them all; below
 * half a sampled row otherwise. Each text's trigrams are placed far from the others': they narrow the
 * matches independently.
 */
interface Cost {
  total: number;
  recheck: number;
}

function modelCost(stats: TrigramStats, texts: string[]): Cost {
  const placed = texts.flatMap((text, i) =>
    likeTrigrams(text).map((p) => ({ trigram: p.trigram, at: p.at + 1000 * i })),
  );
  if (!placed.length) return { total: Infinity, recheck: 0 };
  const shares = placed.map((p) => shareOf(stats, p.trigram));
  const modelled = modelledHolders(
    shares,
    placed.map((p) => p.at),
    stats.tableRows,
  );
  const sampled = sampledHolders(stats, texts);
  const holders =
    sampled === null
      ? modelled
      : sampled > 0
        ? (sampled / stats.sampleRows) * stats.tableRows
        : Math.min(modelled, (0.5 / stats.sampleRows) * stats.tableRows);
  const distinct = [...new Map(placed.map((p, i) => [p.trigram, shares[i]!])).values()]; // pg_trgm asks once per trigram
  const recheck = holders * RECHECK_NS;
  return { total: postingsCost(distinct, stats.tableRows) + recheck, recheck };
}

/** Terms come back as staff page through a search's results; the last choices are kept per sample. */
const choicesOf = perObject<TrigramStats, Map<string, string[] | null>>(() => new Map());
const CHOICES_KEPT = 1000;
/** Pieces come back in other terms (an e-mail's domain, a common name): their costs alone are kept per sample. */
const pieceCostsOf = perObject<TrigramStats, Map<string, Cost>>(() => new Map());
const PIECE_COSTS_KEPT = 50_000;

function pieceCost(stats: TrigramStats, piece: string): Cost {
  const kept = pieceCostsOf(stats);
  let cost = kept.get(piece);
  if (cost === undefined) {
    if (kept.size >= PIECE_COSTS_KEPT) kept.clear();
    kept.set(piece, (cost = modelCost(stats, [piece])));
  }
  return cost;
}
/** Pieces of each word tried in pairs with those of the other words: the cheapest alone. */
const PAIRED_PER_WORD = 4;

/**
 * The pieces of a lower-case term to give the trigram index (one, or two from different words, which the
 * index ANDs in one scan), or null to give it the whole term. A piece is a run of 3 to 8 ASCII letters or
 * digits inside one word (the sample lists its rows by such trigrams). Two pieces pay on a full name: each
 * name alone is held by thousands of orders, both together by a few, and asking for two short pieces spares
 * the index the padded and common trigrams of the whole ("sincere lubowitz" through "ncer" and "bowi").
 */
export function cheapestPieces(term: string, stats: TrigramStats | null): string[] | null {
  if (!stats || stats.sampleRows === 0) return null;
  const kept = choicesOf(stats);
  const known = kept.get(term);
  if (known !== undefined) return known;

  const options: { pieces: string[]; cost: Cost }[] = [];
  const cheapestPerWord = [...term.matchAll(PLAIN_RUN)].map(([word]) => {
    const pieces: string[] = [];
    for (let length = 3; length <= Math.min(MAX_PIECE, word.length); length++) {
      for (let first = 0; first + length <= word.length; first++) pieces.push(word.slice(first, first + length));
    }
    const alone = pieces.map((piece) => ({ pieces: [piece], cost: pieceCost(stats, piece) }));
    options.push(...alone);
    return alone
      .sort((a, b) => a.cost.total - b.cost.total)
      .slice(0, PAIRED_PER_WORD)
      .map((option) => option.pieces[0]!);
  });
  const cheapest = () =>
    options.reduce<(typeof options)[number] | null>(
      (found, option) => (!found || option.cost.total < found.cost.total ? option : found),
      null,
    );
  // Pairs only when rechecking the best single piece's orders is most of its cost (a name held by thousands):
  // an e-mail's number piece is cheap already, and costing the pairs of a long e-mail's four words costs more than
  // it saves.
  const single = cheapest();
  if (single && single.cost.recheck > single.cost.total / 2) {
    cheapestPerWord.forEach((word, w) =>
      cheapestPerWord.slice(w + 1).forEach((other) => {
        for (const a of word) for (const b of other) options.push({ pieces: [a, b], cost: modelCost(stats, [a, b]) });
      }),
    );
  }
  const best = cheapest();
  const choice =
    best && best.pieces.join(' ') !== term && best.cost.total * REQUIRED_GAIN < modelCost(stats, [term]).total
      ? best.pieces
      : null;
  if (kept.size >= CHOICES_KEPT) kept.clear();
  kept.set(term, choice);
  return choice;
}

const LETTER = /\p{L}/u;
const DIGIT_RUN = /[0-9]{4,}/g;

/**
 * The four-digit windows to ask `search_digit_grams` (migration 0015) for, for a term of digits without
 * letters ("10974", "+81 9012") holding a run of four or more: windows side by side along each run, and its
 * last, so every digit is covered. Null for any other term (letters, or no run that long), which the
 * trigram index serves. Each window is held by ~1,000 of 1M orders; a digit trigram by ~17,000.
 */
export function digitWindows(term: string): number[] | null {
  if (LETTER.test(term)) return null;
  const windows = new Set<number>();
  for (const [run] of term.matchAll(DIGIT_RUN)) {
    for (let at = 0; at + 4 <= run.length; at += 4) windows.add(Number(run.slice(at, at + 4)));
    windows.add(Number(run.slice(-4)));
  }
  return windows.size > 0 ? [...windows] : null;
}

const estimateSchema = z.object({ estimate: z.number() });
const searchTextSchema = z.object({ search_text: z.string() });

/** Samples the search texts of orders (all rows of a small table) and counts their trigrams. */
export async function sampleTrigramStats(db: Executor, targetRows = 10_000): Promise<TrigramStats> {
  const [table] = await selectRows(
    db,
    estimateSchema,
    sql`select reltuples::float8 as estimate from pg_class where oid = 'orders'::regclass`,
  );
  const estimate = table?.estimate ?? -1;
  const percent = estimate > targetRows ? Math.max(0.01, (100 * targetRows) / estimate) : 100;
  // The limit bounds the work when the estimate is missing (a table never analyzed reads as -1 rows).
  const texts = await selectRows(
    db,
    searchTextSchema,
    sql`
    select o.search_text from orders o tablesample system (${percent}::float4) limit ${targetRows * 2}`,
  );
  return trigramStatsInSlices(
    texts.map((t) => t.search_text),
    estimate,
  );
}

const STATS_MAX_AGE_MS = 60 * 60 * 1000;
const samplingOf = perObject<Executor, { stats: TrigramStats | null; takenAt: number; renewing: boolean }>(() => ({
  stats: null,
  takenAt: 0,
  renewing: false,
}));

/**
 * This process's trigram frequencies for `db`, or null until the first sample is in: a search never
 * waits for the sample, it is taken (and renewed when an hour old) in the background.
 */
export function currentTrigramStats(db: Executor): TrigramStats | null {
  const entry = samplingOf(db);
  if (!entry.renewing && Date.now() - entry.takenAt >= STATS_MAX_AGE_MS) {
    const renewed = entry;
    renewed.renewing = true;
    sampleTrigramStats(db)
      .then((stats) => {
        renewed.stats = stats;
        renewed.takenAt = Date.now();
      })
      // A failed sample leaves the previous one (or none: whole-term searches) and is retried a minute later.
      .catch(() => {
        renewed.takenAt = Date.now() - STATS_MAX_AGE_MS + 60_000;
      })
      .finally(() => {
        renewed.renewing = false;
      });
  }
  return entry.stats;
}

/** Takes the sample now and keeps it (tests, and a server that wants it before its first search). */
export async function renewTrigramStats(db: Executor): Promise<TrigramStats> {
  const stats = await sampleTrigramStats(db);
  Object.assign(samplingOf(db), { stats, takenAt: Date.now() });
  return stats;
}
