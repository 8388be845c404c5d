-- Payment disputes as their providers report them, and the provider events applied (each once). Two nullable columns
-- on orders (catalogue-only, no rewrite) and two new tables: the foreign keys check empty tables. The statements that
-- lock orders come last, because this transaction holds their locks until it commits.
CREATE TABLE "disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"order_id" bigint,
	"payment_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2),
	"currency" char(3),
	"provider_status" text NOT NULL,
	"state" text NOT NULL,
	"evidence_due_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"event_rank" smallint DEFAULT 0 NOT NULL,
	"cover_letter" text,
	"evidence_sent" jsonb,
	"saved_at" timestamp with time zone,
	"saved_by_name" text,
	"submitting_since" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by_name" text,
	"provider_refusal" text,
	"linked_by_id" integer,
	"linked_by_name" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_gateway_check" CHECK ("gateway" in ('stripe','paypal')),
	CONSTRAINT "disputes_state_check" CHECK ("state" in ('needs_evidence','saved','submitted','won','lost','accepted'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"dispute_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_linked_by_id_team_members_id_fk" FOREIGN KEY ("linked_by_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_idx" ON "disputes" USING btree ("gateway","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_due_idx" ON "disputes" USING btree ("evidence_due_at","id");--> statement-breakpoint
CREATE INDEX "disputes_unmatched_idx" ON "disputes" USING btree ("opened_at" DESC NULLS LAST) WHERE "disputes"."order_id" is null;--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_user_agent" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;
