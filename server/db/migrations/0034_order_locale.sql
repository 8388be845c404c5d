-- The customer's language on every order (the customer mails are written in it) and each landing site's default for
-- an order that names none. Constant defaults: PostgreSQL records them in the catalogue, no table is rewritten, so
-- orders is held for a moment only.
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_sites" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;
