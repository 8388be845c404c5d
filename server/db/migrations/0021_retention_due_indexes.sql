-- migrate:no-transaction
-- Retention: the orders due for each erasure, found oldest first without reading the orders already
-- erased or in ChargeBack (server/features/erasure/retention.service.ts; its due queries use exactly these
-- expressions and predicates). Built CONCURRENTLY, so orders stay writable meanwhile; the runner applies this file
-- outside a transaction (server/db/migrate.ts). Each index is dropped first in case a crash left it half-built
-- (invalid), which IF NOT EXISTS would keep.
DROP INDEX CONCURRENTLY IF EXISTS "orders_travel_due_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_travel_due_idx" ON "orders" USING btree (("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan")) WHERE "orders"."travel_erased_at" is null and "orders"."process_status" <> 'ChargeBack';--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_evidence_due_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_evidence_due_idx" ON "orders" USING btree ((coalesce("paid_at", "created_at"))) WHERE "orders"."purged_at" is null and "orders"."process_status" <> 'ChargeBack';
