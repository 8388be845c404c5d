/**
 * What the trigram index is asked for a "contains" search. PostgreSQL answers
 * `search_text like '%term%'` by intersecting the posting list of every trigram
 * of the term, and a long term (an e-mail address) carries common trigrams whose
 * lists hold hundreds of thousands of orders: "buster.damore170" cost 4.4 ms in
 * the index for one match, where its piece "re170" costs 0.4 ms. So a long term
 * asks the index for its cheapest piece and checks the whole term with strpos
 * (which no index serves, so the planner cannot fold it back into the index scan).
 * Choosing the piece needs trigram frequencies, which PostgreSQL does not keep:
 * each process samples them from `orders` (about 10,000 rows) and renews them hourly.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';

export interface TrigramStats {
  /** Orders in the table (the planner's estimate) and in the sample. */
  tableRows: number;
  sampleRows: number;
  /** Trigram -> sampled orders whose search_text holds it (pg_trgm's form: lower case, words padded). */
  counts: Map<string, number>;
}

/** Relative costs, measured on 1M orders: a posting-list entry ~12 ns, a candidate row fetched and rechecked ~2 us. */
const POSTING_COST = 1;
const RECHECK_COST = 160;
/**
 * Candidates are at most the orders holding the rarest trigram. Each further trigram that shares no
 * character with those already counted narrows them, by 1 / (CORRELATION x its share) rather than
 * by 1 / its share, as the parts of one name or address go together. Overlapping trigrams narrow
 * nothing in this model ("re1" nearly implies "e17").
 */
const CORRELATION = 5;
/** A piece replaces the whole term only when the model says it is at least this many times cheaper. */
const REQUIRED_GAIN = 2;
const MAX_PIECE = 8;

/** A trigram and where it starts, in one numbering for the whole term (words kept apart). */
interface Placed { trigram: string; at: number }

const trigramsOf = (text: string, from = 0): Placed[] => {
  const chars = [...text];
  const out: Placed[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) out.push({ trigram: chars.slice(i, i + 3).join(''), at: from + i });
  return out;
};

/**
 * The trigrams pg_trgm extracts from `like '%term%'`: per word (letters and digits), padded with two
 * spaces in front when something other than the wildcard precedes it and one space after when
 * something follows it.
 */
export function likeTrigrams(term: string): Placed[] {
  const found: Placed[] = [];
  for (const word of term.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = word.index;
    const end = start + word[0].length;
    const padded = `${start > 0 ? '  ' : ''}${word[0]}${end < term.length ? ' ' : ''}`;
    found.push(...trigramsOf(padded, 2 * start)); // 2x: a word's padding never reaches the next word's positions
  }
  return found;
}

/** A trigram's share of the sampled orders (half a row when the sample never saw it). */
const shareOf = (stats: TrigramStats, trigram: string) =>
  Math.max(0.5, stats.counts.get(trigram) ?? 0) / Math.max(1, stats.sampleRows);

/** Modelled cost of asking the index for trigrams with these shares, at these positions, and rechecking what it returns. */
function modelCost(shares: number[], positions: number[], tableRows: number): number {
  if (!shares.length) return Infinity;
  let postings = 0;
  for (const f of shares) postings += f;
  const counted: number[] = [];
  let candidates = tableRows;
  for (const i of shares.map((_, k) => k).sort((x, y) => shares[x]! - shares[y]!)) {
    if (counted.some((at) => Math.abs(at - positions[i]!) < 3)) continue;
    candidates *= counted.length ? Math.min(1, CORRELATION * shares[i]!) : shares[i]!;
    counted.push(positions[i]!);
  }
  return postings * tableRows * POSTING_COST + candidates * RECHECK_COST;
}

/** Terms come back as staff page through a search's results; the last choices are kept per sample. */
const choices = new WeakMap<TrigramStats, Map<string, string | null>>();
const CHOICES_KEPT = 1000;

/**
 * The piece of a lower-case term to give the trigram index, or null to give it the whole term. Pieces
 * are runs of 3 to 8 ASCII letters or digits inside one word (pg_trgm keeps other characters' trigrams
 * as hashes, which the sample's text form would not match).
 */
export function cheapestPiece(term: string, stats: TrigramStats | null): string | null {
  if (!stats || stats.sampleRows === 0) return null;
  let kept = choices.get(stats);
  if (!kept) choices.set(stats, (kept = new Map()));
  const known = kept.get(term);
  if (known !== undefined) return known;

  const placed = likeTrigrams(term);
  const whole = modelCost(placed.map((p) => shareOf(stats, p.trigram)), placed.map((p) => p.at), stats.tableRows);
  let best: { piece: string; cost: number } | null = null;
  for (const run of term.matchAll(/[a-z0-9]{3,}/g)) {
    const text = run[0];
    const shares = Array.from({ length: text.length - 2 }, (_, i) => shareOf(stats, text.slice(i, i + 3)));
    const positions = shares.map((_, i) => i);
    for (let count = 1; count <= Math.min(MAX_PIECE - 2, shares.length); count++) {
      for (let first = 0; first + count <= shares.length; first++) {
        const cost = modelCost(shares.slice(first, first + count), positions.slice(first, first + count), stats.tableRows);
        if (!best || cost < best.cost) best = { piece: text.slice(first, first + count + 2), cost };
      }
    }
  }
  const choice = best && best.piece !== term && best.cost * REQUIRED_GAIN < whole ? best.piece : null;
  if (kept.size >= CHOICES_KEPT) kept.clear();
  kept.set(term, choice);
  return choice;
}

/** Samples trigram frequencies of orders.search_text (all rows of a small table). */
export async function sampleTrigramStats(db: Executor, targetRows = 10_000): Promise<TrigramStats> {
  const [table] = await selectRows<{ estimate: number }>(db, sql`select reltuples::float8 as estimate from pg_class where oid = 'orders'::regclass`);
  const estimate = table?.estimate ?? -1;
  const percent = estimate > targetRows ? Math.max(0.01, (100 * targetRows) / estimate) : 100;
  const [sample] = await selectRows<{ rows: number; counts: Record<string, number> | string | null }>(db, sql`
    with sample as materialized (
      -- The limit bounds the work when the estimate is missing (a table never analyzed reads as -1 rows).
      select o.search_text from orders o tablesample system (${percent}::float4) limit ${targetRows * 2}
    )
    select (select count(*) from sample)::int as rows,
      (select json_object_agg(t, n) from (select t, count(*)::int as n from sample, unnest(show_trgm(sample.search_text)) t group by t) g) as counts`);
  const raw = typeof sample?.counts === 'string' ? JSON.parse(sample.counts) as Record<string, number> : sample?.counts ?? {};
  const sampleRows = sample?.rows ?? 0;
  return { tableRows: Math.max(estimate, sampleRows), sampleRows, counts: new Map(Object.entries(raw)) };
}

const STATS_MAX_AGE_MS = 60 * 60 * 1000;
const statsByDatabase = new WeakMap<object, { stats: TrigramStats | null; takenAt: number; renewing: boolean }>();

/**
 * This process's trigram frequencies for `db`, or null until the first sample is in: a search never
 * waits for the sample, it is taken (and renewed when an hour old) in the background.
 */
export function currentTrigramStats(db: Executor): TrigramStats | null {
  let entry = statsByDatabase.get(db);
  if (!entry) {
    entry = { stats: null, takenAt: 0, renewing: false };
    statsByDatabase.set(db, entry);
  }
  if (!entry.renewing && Date.now() - entry.takenAt >= STATS_MAX_AGE_MS) {
    const renewed = entry;
    renewed.renewing = true;
    sampleTrigramStats(db)
      .then((stats) => { renewed.stats = stats; renewed.takenAt = Date.now(); })
      // A failed sample leaves the previous one (or none: whole-term searches) and is retried a minute later.
      .catch(() => { renewed.takenAt = Date.now() - STATS_MAX_AGE_MS + 60_000; })
      .finally(() => { renewed.renewing = false; });
  }
  return entry.stats;
}

/** Takes the sample now and keeps it (tests, and a server that wants it before its first search). */
export async function renewTrigramStats(db: Executor): Promise<TrigramStats> {
  const stats = await sampleTrigramStats(db);
  statsByDatabase.set(db, { stats, takenAt: Date.now(), renewing: false });
  return stats;
}
