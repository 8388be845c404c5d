ALTER TABLE "mails" ADD COLUMN "delivered_via" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE INDEX "mails_delivered_idx" ON "mails" USING btree ("delivered_via","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_delivered_via_check" CHECK ("mails"."delivered_via" in ('ses','smtp','outbox'));