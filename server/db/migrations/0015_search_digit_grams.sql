-- Digit searches (a telephone, an order id) through the trigram index intersect digit trigrams: only a thousand
-- exist, so each is held by a large share of the orders and a short number walks long lists for few matches. Every
-- four-digit window of every digit run, as an integer (0..9999: a window always has four digits), gives lists ten
-- times shorter. A window found is only a candidate; the search checks the term.
CREATE OR REPLACE FUNCTION search_digit_grams(p_text text) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(run[1], i, 4)::integer), '{}')
  FROM regexp_matches(p_text, '[0-9]{4,}', 'g') AS run, generate_series(1, length(run[1]) - 3) AS i
$$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_digit_grams" integer[] GENERATED ALWAYS AS (search_digit_grams(order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number))) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_digit_grams_idx" ON "orders" USING gin ("search_digit_grams");