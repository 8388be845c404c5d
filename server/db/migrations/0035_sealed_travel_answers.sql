-- Personal data sealed at rest (product: security.md): the keys that sealed it (ids and check values, never a key),
-- and on orders the sealed travel answers and the passport number's blind index. The new table first, orders last:
-- two nullable columns are a catalogue change, so orders is held for a moment only at the end of the transaction.
CREATE TABLE "encryption_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"check_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "travel_sealed" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "passport_number_index" text;
