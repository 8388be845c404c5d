-- The trigram index's pending list (GIN fastupdate) at 128 kB instead of the server's 4 MB default.
-- A status move is not a HOT update (process_status is indexed), so it adds the order's ~40 trigrams to
-- this index's pending list even though search_text did not change, and every search scans the whole
-- pending list until it is merged (by a vacuum, or by the insert that finds it full). Measured at 1M
-- orders after the bench's write phase: an e-mail search took 2.1-3.2 ms with a 4 MB list (256-327 pages)
-- against 0.9-1.1 ms with 128 kB; moves paid for the more frequent merges with ~20% of their throughput
-- (837 -> 670 moves/s from 8 writers), still far above a team's pace.
ALTER INDEX "orders_search_text_trgm_idx" SET (gin_pending_list_limit = 128);
