-- Incremental folder counts and the queue search index.
-- Folder counts: every order belongs to a few buckets (order_count_buckets); statement-level
-- triggers with transition tables add and subtract per bucket, grouped, so a COPY of a million
-- rows costs one grouped upsert and a status move two or three small ones. Each backend writes to
-- its own shard (pid % 16) so concurrent moves do not queue on one hot counter row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_count_buckets(p_status text, p_mode text, p_date date, p_assignee integer, p_processed timestamptz)
RETURNS TABLE (bucket text, day date) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 's:' || p_status, '-infinity'::date
  UNION ALL
  SELECT CASE WHEN p_assignee IS NULL THEN 'fu' ELSE 'fa' END, p_date WHERE p_status = 'New' AND p_mode = 'future'
  UNION ALL
  SELECT 'u:' || p_mode, '-infinity'::date WHERE p_status = 'New' AND p_assignee IS NULL AND p_mode <> 'future'
  UNION ALL
  SELECT 'm:' || p_assignee, '-infinity'::date
    WHERE p_assignee IS NOT NULL AND p_status NOT IN ('Completed', 'Refunds', 'ChargeBack', 'Deleted')
  UNION ALL
  SELECT 'p', '-infinity'::date WHERE p_processed IS NOT NULL AND p_status <> 'Deleted'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_folder_counts AS c (bucket, day, shard, n)
  SELECT b.bucket, b.day, (pg_backend_pid() % 16)::smallint, count(*)
  FROM new_rows r
  CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
  GROUP BY b.bucket, b.day
  ORDER BY b.bucket, b.day
  ON CONFLICT (bucket, day, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_folder_counts AS c (bucket, day, shard, n)
  SELECT b.bucket, b.day, (pg_backend_pid() % 16)::smallint, -count(*)
  FROM old_rows r
  CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
  GROUP BY b.bucket, b.day
  ORDER BY b.bucket, b.day
  ON CONFLICT (bucket, day, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_folder_counts AS c (bucket, day, shard, n)
  SELECT d.bucket, d.day, (pg_backend_pid() % 16)::smallint, sum(d.delta)
  FROM (
    SELECT b.bucket, b.day, 1 AS delta FROM new_rows r
    CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
    UNION ALL
    SELECT b.bucket, b.day, -1 FROM old_rows r
    CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
  ) d
  GROUP BY d.bucket, d.day
  HAVING sum(d.delta) <> 0
  ORDER BY d.bucket, d.day
  ON CONFLICT (bucket, day, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_folder_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_insert();
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_upd AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_update();
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_delete();
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_trunc AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_truncate();
--> statement-breakpoint
-- Orders that already exist (a database migrated after it had orders).
INSERT INTO order_folder_counts (bucket, day, shard, n)
SELECT b.bucket, b.day, 0, count(*)
FROM orders r
CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
GROUP BY b.bucket, b.day;
--> statement-breakpoint
-- Queue search: lower-cased name, e-mail and telephone ("+code number" and "+codenumber") in one
-- expression, so a case-insensitive "contains" is one trigram index lookup.
CREATE OR REPLACE FUNCTION order_search_text(p_given text, p_surname text, p_email text, p_code text, p_number text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(p_given || ' ' || p_surname || ' ' || p_email || ' +' || p_code || ' ' || p_number || ' +' || p_code || p_number)
$$;
--> statement-breakpoint
CREATE INDEX orders_search_trgm_idx ON orders
  USING gin (order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number) gin_trgm_ops);
