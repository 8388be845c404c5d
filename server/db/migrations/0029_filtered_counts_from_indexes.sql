-- migrate:no-transaction
-- Exact filtered totals at scale (docs/decisions/0023). A filtered queue counts every matching order; with
-- the filter columns only in the table, that count would read one heap page per candidate order, which in Order
-- History is most of the table. These indexes carry the folder predicates' and the filters' columns after their
-- keys, so the count is an index-only scan.
-- Extra key columns rather than INCLUDE, as the work-next indexes (schema.ts declares indexes with Drizzle, which has
-- no INCLUDE); they come after the sort keys, so the order the queues walk is unchanged. The year, month and day of
-- arrival are there as columns as well as in the arrival expression: PostgreSQL reads an expression index alone only
-- when the expression's columns are in it too. No personal data beyond what `orders` holds (nationality).
-- Built CONCURRENTLY (orders stay writable) under new names, then the narrower index each replaces is dropped;
-- every statement can run again after a crash.
DROP INDEX CONCURRENTLY IF EXISTS "orders_nationality_filters_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_nationality_filters_idx" ON "orders" USING btree ("nationality","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST,"process_status","processing_mode","processing_date","assigned_to_id","landing_site_id","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan","payment_amount","payment_currency");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_nationality_idx";--> statement-breakpoint
-- Every order by arrival (any queue's arrival sort and arrival range), now with the filter columns.
DROP INDEX CONCURRENTLY IF EXISTS "orders_arrival_filters_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_arrival_filters_idx" ON "orders" USING btree (("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan","process_status","processing_mode","processing_date","assigned_to_id","landing_site_id","nationality","payment_amount","payment_currency");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_arrival_idx";--> statement-breakpoint
-- A status folder (Pending, Awaiting, Refunds, ...) by arrival or within an arrival range: its own orders in arrival
-- order, counted from the index.
DROP INDEX CONCURRENTLY IF EXISTS "orders_status_arrival_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_status_arrival_idx" ON "orders" USING btree ("process_status",("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id","year_of_arrival_in_japan","month_of_arrival_in_japan","date_of_arrival_in_japan","processing_mode","assigned_to_id","landing_site_id","nationality","payment_amount","payment_currency");
