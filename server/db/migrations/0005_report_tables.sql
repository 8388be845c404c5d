CREATE TABLE "order_log_day_counts" (
	"day" date NOT NULL,
	"next_day" date NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "order_log_day_counts_day_next_day_shard_pk" PRIMARY KEY("day","next_day","shard")
);
--> statement-breakpoint
CREATE TABLE "order_log_days" (
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"next_day" date NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"steps" integer NOT NULL,
	CONSTRAINT "order_log_days_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_report_counts" (
	"report" text NOT NULL,
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"label" text NOT NULL,
	"mode" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "order_report_counts_report_grain_day_label_mode_pk" PRIMARY KEY("report","grain","day","label","mode")
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"staff_id" integer,
	"staff_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_changes" ADD CONSTRAINT "payment_gateway_changes_gateway_id_payment_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."payment_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_changes" ADD CONSTRAINT "payment_gateway_changes_staff_id_team_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_log_days_last_idx" ON "order_log_days" USING btree ("last_at" DESC NULLS LAST,"order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_gateway_changes_time_idx" ON "payment_gateway_changes" USING btree ("changed_at" DESC NULLS LAST);