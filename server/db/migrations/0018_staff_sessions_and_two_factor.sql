-- Staff sessions (the token names its row, so one can end alone), two-factor sign-in (TOTP secrets encrypted,
-- recovery codes hashed) and staff security events. New tables and nullable columns on team_members only.

CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"actor_id" integer,
	"actor_name" text,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"two_factor_setup_pending" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_security_events" ADD CONSTRAINT "staff_security_events_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_security_events" ADD CONSTRAINT "staff_security_events_actor_id_team_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_member_hash" ON "staff_recovery_codes" USING btree ("member_id","code_hash");--> statement-breakpoint
CREATE INDEX "staff_security_events_member_idx" ON "staff_security_events" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_sessions_member_idx" ON "staff_sessions" USING btree ("member_id","created_at" DESC NULLS LAST);