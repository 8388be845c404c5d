-- The trigram index's pending list (GIN fastupdate) at 128 kB instead of the server's 4 MB default.
-- A status move is not a HOT update (process_status is indexed), so it adds the order's ~40 trigrams to
-- this index's pending list even though search_text did not change, and every search scans the whole
-- pending list until it is merged (by a vacuum, or by the insert that finds it full). A small list keeps searches
-- after many moves close to their speed on a merged index; moves pay for the more frequent merges, which leaves
-- them far above a team's pace (docs/decisions/0008).
ALTER INDEX "orders_search_text_trgm_idx" SET (gin_pending_list_limit = 128);
