-- Queue search reads a stored search text: a trigram match is only a candidate, so PostgreSQL rechecks
-- every matched row, and rebuilding the text there (ten concatenations and lower()) for each would cost far more
-- than reading it. Adding the column rewrites the table.
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS orders_search_trgm_idx;--> statement-breakpoint
CREATE INDEX orders_search_text_trgm_idx ON orders USING gin (search_text gin_trgm_ops);
