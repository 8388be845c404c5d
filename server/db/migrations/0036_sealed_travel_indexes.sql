-- migrate:no-transaction
-- A staff search by exact passport number through its blind index, and the orders still stored in clear, which the
-- sealing job (server/features/sealing) walks in batches and which leave the index as they are sealed. Built
-- CONCURRENTLY, so orders stay writable meanwhile; dropped first in case a crash left one half-built (invalid).
DROP INDEX CONCURRENTLY IF EXISTS "orders_passport_number_index_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_passport_number_index_idx" ON "orders" USING btree ("passport_number_index") WHERE "orders"."passport_number_index" is not null;--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_travel_in_clear_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_travel_in_clear_idx" ON "orders" USING btree ("order_id") WHERE "orders"."travel_sealed" is null and "orders"."travel_erased_at" is null and "orders"."purged_at" is null;
