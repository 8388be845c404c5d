-- The search text's trigram index, split by status into three partial indexes: New, the other open statuses,
-- and the closed ones (Completed, Refunds, ChargeBack, Deleted). A term held by many orders (a common
-- surname's first letters) costs one heap visit per match, to learn its folder and date; a working queue now
-- reads only its part's matches, and the archive of closed orders, which only grows, is read only by the
-- folders that show it. Every order is in exactly one part, so an insert or a status move still writes to one
-- trigram index. The predicates must stay those of SEARCH_PARTS (server/features/orders/folders.ts); each keeps
-- migration 0014's 128 kB pending list. Building them reads the table once each, with writes blocked meanwhile.
CREATE INDEX orders_search_new_trgm_idx ON orders USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 128)
  WHERE process_status = 'New';--> statement-breakpoint
CREATE INDEX orders_search_open_trgm_idx ON orders USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 128)
  WHERE process_status <> 'New' AND process_status NOT IN ('Completed', 'Refunds', 'ChargeBack', 'Deleted');--> statement-breakpoint
CREATE INDEX orders_search_closed_trgm_idx ON orders USING gin (search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 128)
  WHERE process_status IN ('Completed', 'Refunds', 'ChargeBack', 'Deleted');--> statement-breakpoint
DROP INDEX orders_search_text_trgm_idx;
