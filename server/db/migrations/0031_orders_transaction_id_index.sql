-- migrate:no-transaction
-- A payment dispute finds its order by the payment's transaction id (server/db/order-lookups.ts). Built
-- CONCURRENTLY, so orders stay writable meanwhile; dropped first in case a crash left it half-built (invalid).
DROP INDEX CONCURRENTLY IF EXISTS "orders_transaction_id_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id") WHERE "orders"."transaction_id" is not null;
