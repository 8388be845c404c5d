-- migrate:no-transaction
-- Pages sorted by name (docs/decisions/0059). The name index of migration 0026 held only the sort's keys, so a page
-- checked every order it walked past against its folder in the table: page 50 of Order History read 500 heap rows.
-- This one also carries the names as stored (the sort is on lower(), and PostgreSQL answers from an index only when
-- the columns themselves are in it) and the status every folder predicate tests, so Order History's walk never reads
-- the table. It is built CONCURRENTLY before the old one goes, so a name sort always has an index; dropped first in
-- case a crash left one half-built (invalid).
DROP INDEX CONCURRENTLY IF EXISTS "orders_name_sort_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_name_sort_idx" ON "orders" USING btree (lower("surname"),lower("given_name"),"order_id","surname","given_name","process_status");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_name_idx";
