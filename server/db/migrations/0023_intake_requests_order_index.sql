-- migrate:no-transaction
-- An order's intake request found by its order id (erasure blanks its request_hash), instead of reading
-- every request: one per order that came through the intake API. CONCURRENTLY, so intake keeps writing meanwhile;
-- dropped first in case a crash left it half-built.
DROP INDEX CONCURRENTLY IF EXISTS "intake_requests_order_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "intake_requests_order_idx" ON "intake_requests" USING btree ("order_id");
