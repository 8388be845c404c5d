-- An export a member saves from the browser (docs/decisions/0051): its one-time download ticket (a SHA-256 only),
-- its state and the rows written so far, which the page reads for its progress and Cancel. Deleted a day after.
-- A new, empty table: nothing else is locked for longer than the foreign key's check of an empty table.
CREATE TABLE "export_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"total" integer,
	"rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_runs_state_check" CHECK ("state" in ('waiting','running','done','refused','cancelled','failed'))
);
--> statement-breakpoint
ALTER TABLE "export_runs" ADD CONSTRAINT "export_runs_staff_id_team_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_runs_ticket_idx" ON "export_runs" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "export_runs_created_idx" ON "export_runs" USING btree ("created_at");
