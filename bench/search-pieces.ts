/**
 * How well the search's piece choice (server/features/queue-engine/search-terms.ts) does on the bench database:
 * for terms drawn from it (e-mails, their local parts, full names, phone numbers with and without their
 * first digits, surname prefixes), the database time of the whole term, of what the search asks (the chosen
 * piece or pair of pieces, or a digit term's four-digit windows), and of the cheapest single piece found by
 * trying every one. Each is the fastest of three runs of a count of the matches.
 *
 *   npx tsx bench/search-pieces.ts [orders to draw terms from, default 12]
 *
 * Needs the bench database (`npm run bench` loads it). Takes a few minutes.
 */
import pg from 'pg';
import { openDatabase, toQuery } from '../server/db/client';
import { cheapestPieces, digitWindows, sampleTrigramStats, SEARCH_PARTS } from '../server/features/queue-engine';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/arrival_card_bench';
const draws = Number(process.argv[2] ?? 12);

const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 1 });
const stats = await sampleTrigramStats(database.db);
const client = new pg.Client(DB_URL);
await client.connect();

/** The parts of the trigram index (SEARCH_PARTS): counting a term over all orders asks each part, as Order History does. */
const PARTS = Object.values(SEARCH_PARTS).map((part) => toQuery(part).sql);

/**
 * Fastest of three runs, in ms, of counting what the pieces (or the whole term, or for digits their
 * four-digit windows) find and the term keeps.
 */
async function databaseMs(term: string, pieces: string[] | null, windows: number[] | null = null): Promise<number> {
  const like = (text: string) => `search_text like ${client.escapeLiteral(`%${text}%`)}`;
  const whole = `strpos(search_text, ${client.escapeLiteral(term)}) > 0`;
  const condition = windows
    ? `search_digit_grams @> '{${windows.join(',')}}'::integer[] and ${whole}`
    : pieces
      ? `${pieces.map(like).join(' and ')} and ${whole}`
      : like(term);
  // As the search asks: digits one select (their index is not split), anything else one select per part.
  const counted = windows
    ? `select count(*) from orders o where ${condition}`
    : `select count(*) from (${PARTS.map((part) => `select 1 from orders o where ${part} and ${condition}`).join(' union all ')}) m`;
  let fastest = Infinity;
  for (let run = 0; run < 3; run++) {
    const { rows } = await client.query(`explain (analyze, format json) ${counted}`);
    fastest = Math.min(fastest, rows[0]['QUERY PLAN'][0]['Execution Time'] as number);
  }
  return fastest;
}

const { rows } = await client.query<{ email: string; surname: string; given: string; phone: string }>(`
  select lower(email) as email, lower(surname) as surname, lower(given_name) as given, personal_telephone_number as phone
  from orders tablesample system (0.05) limit ${draws}`);
const terms = rows.flatMap((r) => [
  r.email,
  r.email.split('@')[0]!,
  `${r.given} ${r.surname}`,
  r.phone,
  r.phone.slice(2),
  r.surname.slice(0, 5),
]);

const totals = { whole: 0, chosen: 0, cheapest: 0 };
for (const term of terms) {
  // What the search asks (searchCondition): a digit term's windows, or any other term's pieces.
  const windows = digitWindows(term);
  const chosen = windows ? null : cheapestPieces(term, stats);
  const whole = await databaseMs(term, null);
  let cheapest = { piece: null as string | null, ms: whole };
  for (const run of term.matchAll(/[a-z0-9]{3,}/g)) {
    for (let length = 3; length <= Math.min(8, run[0].length); length++) {
      for (let first = 0; first + length <= run[0].length; first++) {
        const piece = run[0].slice(first, first + length);
        if (piece === term) continue;
        const ms = await databaseMs(term, [piece]);
        if (ms < cheapest.ms) cheapest = { piece, ms };
      }
    }
  }
  const chosenMs = windows ? await databaseMs(term, null, windows) : chosen ? await databaseMs(term, chosen) : whole;
  totals.whole += whole;
  totals.chosen += chosenMs;
  totals.cheapest += cheapest.ms;
  console.log(
    `${term.padEnd(40)} whole ${whole.toFixed(2).padStart(6)} | chosen ${(windows ? `windows ${windows.join('+')}` : (chosen?.join('+') ?? '(whole)')).padEnd(13)} ${chosenMs.toFixed(2).padStart(6)} | cheapest single ${String(cheapest.piece ?? '(whole)').padEnd(9)} ${cheapest.ms.toFixed(2).padStart(6)}`,
  );
}
console.log(
  `${terms.length} terms, ms in all: whole ${totals.whole.toFixed(1)}, chosen ${totals.chosen.toFixed(1)}, cheapest single piece ${totals.cheapest.toFixed(1)} (the fastest of many noisy runs, so a little optimistic)`,
);
await client.end();
await database.close();
