-- migrate:no-transaction
-- Work next and the arrival sort (docs/decisions/0016): the unassigned New and Priority orders by arrival
-- date (yyyymmdd), then oldest first, so that Work next takes the most urgent order with one index probe
-- (server/features/orders/work-next.service.ts) and a queue page sorted by arrival, or the tiles' urgent counts,
-- read one range; a member's open orders by arrival for My Orders sorted by arrival. The arrival's three columns
-- are in each index too, so that those reads are index-only scans. Built CONCURRENTLY, so orders
-- stay writable meanwhile; each index is dropped first in case a crash left it half-built (invalid).
DROP INDEX CONCURRENTLY IF EXISTS "orders_work_next_new_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_work_next_new_idx" ON "orders" USING btree (("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id","processing_mode","processing_date","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan") WHERE "orders"."process_status" = 'New' and "orders"."assigned_to_id" is null and "orders"."processing_mode" in ('standard','future');--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_work_next_priority_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_work_next_priority_idx" ON "orders" USING btree (("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan") WHERE "orders"."process_status" = 'New' and "orders"."assigned_to_id" is null and "orders"."processing_mode" = 'priority';--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_mine_arrival_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_mine_arrival_idx" ON "orders" USING btree ("assigned_to_id",("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan") WHERE "orders"."assigned_to_id" is not null and "orders"."process_status" not in ('Completed','Refunds','ChargeBack','Deleted');
