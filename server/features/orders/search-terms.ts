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

/** Modelled cost of asking the index for these trigrams and rechecking the candidates it returns. */
function modelCost(trigrams: Placed[], stats: TrigramStats): number {
  if (!trigrams.length) return Infinity;
  const unseen = 0.5 / Math.max(1, stats.sampleRows);
  const share = (t: string) => Math.max(unseen, (stats.counts.get(t) ?? 0) / Math.max(1, stats.sampleRows));
  const byRarity = trigrams.map((p) => ({ ...p, f: share(p.trigram) })).sort((a, b) => a.f - b.f);
  const postings = byRarity.reduce((sum, p) => sum + p.f, 0) * stats.tableRows;
  const counted: Placed[] = [];
  let candidates = stats.tableRows;
  for (const p of byRarity) {
    if (counted.some((c) => Math.abs(c.at - p.at) < 3)) continue;
    candidates *= counted.length ? Math.min(1, CORRELATION * p.f) : p.f;
    counted.push(p);
  }
  return postings * POSTING_COST + candidates * RECHECK_COST;
}

/**
 * The piece of a lower-case term to give the trigram index, or null to give it the whole term. Pieces
 * are runs of 3 to 8 ASCII letters or digits inside one word (pg_trgm keeps other characters' trigrams
 * as hashes, which the sample's text form would not match).
 */
export function cheapestPiece(term: string, stats: TrigramStats | null): string | null {
  if (!stats || stats.sampleRows === 0) return null;
  const whole = modelCost(likeTrigrams(term), stats);
  let best: { piece: string; cost: number } | null = null;
  for (const run of term.matchAll(/[a-z0-9]{3,}/g)) {
    const text = run[0];
    for (let length = 3; length <= Math.min(MAX_PIECE, text.length); length++) {
      for (let start = 0; start + length <= text.length; start++) {
        const piece = text.slice(start, start + length);
        const cost = modelCost(trigramsOf(piece), stats);
        if (!best || cost < best.cost) best = { piece, cost };
      }
    }
  }
  return best && best.piece !== term && best.cost * REQUIRED_GAIN < whole ? best.piece : null;
}

/** Samples trigram frequencies of orders.search_text (all rows of a small table). */
export async function sampleTrigramStats(db: Executor, targetRows = 10_000): Promise<TrigramStats> {
  const [table] = await selectRows<{ estimate: number }>(db, sql`select reltuples::float8 as estimate from pg_class where oid = 'orders'::regclass`);
  const estimate = table?.estimate ?? -1;
  const percent = estimate > targetRows ? Math.max(0.01, (100 * targetRows) / estimate) : 100;
  const [sample] = await selectRows<{ rows: number; counts: Record<string, number> | string | null }>(db, sql`
    with sample as materialized (select o.search_text from orders o tablesample system (${percent}::float4))
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
export function currentTrigramStats(db: Executor, now = Date.now()): TrigramStats | null {
  let entry = statsByDatabase.get(db);
  if (!entry) {
    entry = { stats: null, takenAt: 0, renewing: false };
    statsByDatabase.set(db, entry);
  }
  if (!entry.renewing && now - entry.takenAt >= STATS_MAX_AGE_MS) {
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
