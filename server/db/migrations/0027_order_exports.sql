-- The audit line of every export of orders or a report (docs/decisions/0024). A new, empty table:
-- nothing else is locked for longer than the foreign key's check of an empty table.
CREATE TABLE "order_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"filters" jsonb NOT NULL,
	"search_used" boolean DEFAULT false NOT NULL,
	"search_length" integer DEFAULT 0 NOT NULL,
	"format" text NOT NULL,
	"row_count" integer NOT NULL,
	"rows_written" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_exports" ADD CONSTRAINT "order_exports_staff_id_team_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exports_created_idx" ON "order_exports" USING btree ("created_at");