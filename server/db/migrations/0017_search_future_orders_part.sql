-- The New part of the search text's trigram index (migration 0016) split in two: future-mode orders get a part of
-- their own. On a live service most New orders are future orders waiting for their processing date, which New
-- Orders and Priority never show, yet a search in New Orders read every one of their
-- matches from the heap. New Orders does show the future orders that are due, and "due" depends on today, which a
-- partial index's predicate cannot say: so the future part also indexes processing_date (btree_gin), and New
-- Orders asks it for `processing_date <= today` together with the term, which the index answers without the
-- waiting orders. The predicates must stay those of SEARCH_PARTS (server/features/orders/folders.ts); each part
-- keeps the 128 kB pending list. Building them reads the table once each, with writes blocked meanwhile.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX orders_search_new_trgm_idx;--> statement-breakpoint
CREATE INDEX orders_search_new_trgm_idx ON orders USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 128)
  WHERE process_status = 'New' AND processing_mode <> 'future';--> statement-breakpoint
CREATE INDEX orders_search_future_trgm_idx ON orders USING gin (search_text gin_trgm_ops, processing_date)
  WITH (gin_pending_list_limit = 128)
  WHERE process_status = 'New' AND processing_mode = 'future';
