-- Page anchors (server/features/orders/page-anchors.ts): a deep queue page may start its walk at a row
-- an earlier page found, if the folder has not gained or lost an order since. `changes` counts, per
-- counter row, the orders that entered or left its bucket, so a folder's version (the sum over its
-- buckets) moves with every change of its membership and never goes back.
-- * Updates net per order first: an order whose buckets and processing date did not change (a name edit)
--   writes nothing, and one order leaving a bucket while another enters it in the same statement still
--   counts 2.
-- * New buckets: 'h' (not deleted: Order History) and 'v:fu' / 'v:fa' (every future order, unassigned /
--   assigned, without its day), so that each folder's version is a sum over at most 2 x 16 shard rows.
-- * TRUNCATE keeps the rows (n = 0) and bumps `changes`, so a version never returns to an earlier value.
ALTER TABLE "order_folder_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_count_buckets(p_status text, p_mode text, p_date date, p_assignee integer, p_processed timestamptz)
RETURNS TABLE (bucket text, day date) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 's:' || p_status, '-infinity'::date
  UNION ALL
  SELECT 'h', '-infinity'::date WHERE p_status <> 'Deleted'
  UNION ALL
  SELECT CASE WHEN p_assignee IS NULL THEN 'fu' ELSE 'fa' END, p_date WHERE p_status = 'New' AND p_mode = 'future'
  UNION ALL
  SELECT CASE WHEN p_assignee IS NULL THEN 'v:fu' ELSE 'v:fa' END, '-infinity'::date WHERE p_status = 'New' AND p_mode = 'future'
  UNION ALL
  SELECT 'u:' || p_mode, '-infinity'::date WHERE p_status = 'New' AND p_assignee IS NULL AND p_mode <> 'future'
  UNION ALL
  SELECT 'm:' || p_assignee, '-infinity'::date
    WHERE p_assignee IS NOT NULL AND p_status NOT IN ('Completed', 'Refunds', 'ChargeBack', 'Deleted')
  UNION ALL
  SELECT 'p', '-infinity'::date WHERE p_processed IS NOT NULL AND p_status <> 'Deleted'
$$;
--> statement-breakpoint
-- Inserts and deletes: one function, the sign from TG_OP; both triggers name their transition table
-- changed_rows (they were new_rows and old_rows, each with its own function).
CREATE OR REPLACE FUNCTION orders_folder_counts_insert_or_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_folder_counts AS c (bucket, day, shard, n, changes)
  SELECT b.bucket, b.day, (pg_backend_pid() % 16)::smallint, CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*), count(*)
  FROM changed_rows r
  CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
  GROUP BY b.bucket, b.day
  ORDER BY b.bucket, b.day
  ON CONFLICT (bucket, day, shard) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER orders_folder_counts_ins ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_insert_or_delete();
--> statement-breakpoint
DROP TRIGGER orders_folder_counts_del ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_folder_counts_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_folder_counts_insert_or_delete();
--> statement-breakpoint
DROP FUNCTION orders_folder_counts_insert();
--> statement-breakpoint
DROP FUNCTION orders_folder_counts_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_folder_counts AS c (bucket, day, shard, n, changes)
  SELECT m.bucket, m.day, (pg_backend_pid() % 16)::smallint, sum(m.delta), count(*)
  FROM (
    -- Per order: the buckets it entered (+1) or left (-1). A new processing date counts as leaving and
    -- entering (the 'v:' buckets have no day, but a future order's date decides New or Future).
    SELECT d.order_id, d.bucket, d.day, sum(d.delta) AS delta
    FROM (
      SELECT r.order_id, r.processing_date, b.bucket, b.day, 1 AS delta FROM new_rows r
      CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
      UNION ALL
      SELECT r.order_id, r.processing_date, b.bucket, b.day, -1 FROM old_rows r
      CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
    ) d
    GROUP BY d.order_id, d.processing_date, d.bucket, d.day
    HAVING sum(d.delta) <> 0
  ) m
  GROUP BY m.bucket, m.day
  ORDER BY m.bucket, m.day
  ON CONFLICT (bucket, day, shard) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_folder_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_folder_counts SET n = 0, changes = changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The new buckets for the orders that already exist.
INSERT INTO order_folder_counts (bucket, day, shard, n, changes)
SELECT b.bucket, b.day, 0, count(*), count(*)
FROM orders r
CROSS JOIN LATERAL order_count_buckets(r.process_status, r.processing_mode, r.processing_date, r.assigned_to_id, r.processed_at) b
WHERE b.bucket IN ('h', 'v:fu', 'v:fa')
GROUP BY b.bucket, b.day;
