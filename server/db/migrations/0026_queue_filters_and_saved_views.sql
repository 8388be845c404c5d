-- migrate:no-transaction
-- Queue filters, sorts and saved views (docs/decisions/0023). Without a transaction, so that the orders
-- indexes are built CONCURRENTLY (orders stay writable meanwhile); every statement can run again after a crash:
-- the table and its indexes only if missing, each orders index dropped first in case a crash left it invalid.
-- saved_views: a member's named folder + filters + sort + page size (the address query), shared by an Admin or
-- Manager; deleted with the member.
CREATE TABLE IF NOT EXISTS "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL CONSTRAINT "saved_views_member_id_team_members_id_fk" REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action,
	"folder" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "saved_views_member_folder_name_key" ON "saved_views" USING btree ("member_id","folder",lower("name"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_views_folder_shared_idx" ON "saved_views" USING btree ("folder") WHERE "saved_views"."shared";--> statement-breakpoint
-- Every order by arrival (a sort by arrival date in any queue, both ways, and an arrival range filter).
DROP INDEX CONCURRENTLY IF EXISTS "orders_arrival_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_arrival_idx" ON "orders" USING btree (("year_of_arrival_in_japan" * 10000 + "month_of_arrival_in_japan" * 100 + "date_of_arrival_in_japan"),"created_at","order_id");--> statement-breakpoint
-- Every order by name, as queueOrderBy('name') sorts (both ways).
DROP INDEX CONCURRENTLY IF EXISTS "orders_name_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_name_idx" ON "orders" USING btree (lower("surname"),lower("given_name"),"order_id");--> statement-breakpoint
-- A nationality newest first: a rare nationality in a large queue reads its own orders, not the whole queue.
DROP INDEX CONCURRENTLY IF EXISTS "orders_nationality_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "orders_nationality_idx" ON "orders" USING btree ("nationality","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST);
