-- The request for information (product: information-requests.md#loop): a request per ask, the links mailed for it
-- (their tokens stored as SHA-256 hashes only) and the change set the customer's answers made. New, empty tables:
-- the foreign keys to orders check empty tables, so orders is locked for no longer than that check.
CREATE TABLE "information_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"fields" text[] NOT NULL,
	"note" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"from_status" text NOT NULL,
	"requested_by_id" integer,
	"requested_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"first_reminder_at" timestamp with time zone,
	"second_reminder_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"reviewed_by_id" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"decline_note" text,
	CONSTRAINT "information_requests_state_check" CHECK ("state" in ('open','answered','accepted','declined','expired','closed'))
);
--> statement-breakpoint
CREATE TABLE "information_request_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_request_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb
);
--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_requested_by_id_team_members_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_reviewed_by_id_team_members_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_request_links" ADD CONSTRAINT "information_request_links_request_id_information_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."information_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_request_links" ADD CONSTRAINT "information_request_links_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_request_changes" ADD CONSTRAINT "information_request_changes_request_id_information_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."information_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_request_changes" ADD CONSTRAINT "information_request_changes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_requests_order_idx" ON "information_requests" USING btree ("order_id","created_at");--> statement-breakpoint
-- One open request per order; the follow-up job and the open-requests metric read the open ones by age.
CREATE UNIQUE INDEX "information_requests_one_open" ON "information_requests" USING btree ("order_id") WHERE "state" = 'open';--> statement-breakpoint
CREATE INDEX "information_requests_open_idx" ON "information_requests" USING btree ("created_at") WHERE "state" = 'open';--> statement-breakpoint
-- The queues' "Customer replied" marks: the answered requests.
CREATE INDEX "information_requests_answered_idx" ON "information_requests" USING btree ("order_id") WHERE "state" = 'answered';--> statement-breakpoint
CREATE INDEX "information_request_links_request_idx" ON "information_request_links" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "information_request_links_order_idx" ON "information_request_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "information_request_changes_request_idx" ON "information_request_changes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "information_request_changes_order_idx" ON "information_request_changes" USING btree ("order_id");
