-- Nullable columns without a default: a catalog change only (no rewrite), a moment's lock on mails, none on orders.
ALTER TABLE "mails" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "claim_token" uuid;