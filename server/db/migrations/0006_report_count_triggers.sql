-- Report counters kept by triggers, so reports stay exact and fast at a million orders.
--
-- 1. order_report_counts (Country Order List, Order Processed): every order that is not Deleted adds 1
--    to its ('country', grain, day, nationality, mode) rows, and, once processed, to its ('processed',
--    grain, day, processed_by_name, mode) rows; grain 'd' is the UTC day, grain 'm' the first day of its
--    month. Statement-level triggers with transition tables, as for order_folder_counts (migration 0003).
CREATE OR REPLACE FUNCTION order_report_buckets(p_status text, p_mode text, p_nationality text, p_created timestamptz, p_processed_by text, p_processed timestamptz)
RETURNS TABLE (report text, grain char(1), day date, label text, mode text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'country', g.grain, CASE WHEN g.grain = 'd' THEN x.d ELSE x.d - (extract(day FROM x.d)::int - 1) END, p_nationality, p_mode
  FROM (SELECT (p_created AT TIME ZONE 'UTC')::date) AS x(d) CROSS JOIN (VALUES ('d'::char(1)), ('m'::char(1))) AS g(grain)
  WHERE p_status <> 'Deleted'
  UNION ALL
  SELECT 'processed', g.grain, CASE WHEN g.grain = 'd' THEN x.d ELSE x.d - (extract(day FROM x.d)::int - 1) END, coalesce(p_processed_by, 'Unknown'), p_mode
  FROM (SELECT (p_processed AT TIME ZONE 'UTC')::date) AS x(d) CROSS JOIN (VALUES ('d'::char(1)), ('m'::char(1))) AS g(grain)
  WHERE p_processed IS NOT NULL AND p_status <> 'Deleted'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, mode, n)
  SELECT b.report, b.grain, b.day, b.label, b.mode, count(*)
  FROM new_rows r
  CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (report, grain, day, label, mode) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, mode, n)
  SELECT b.report, b.grain, b.day, b.label, b.mode, -count(*)
  FROM old_rows r
  CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (report, grain, day, label, mode) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, mode, n)
  SELECT d.report, d.grain, d.day, d.label, d.mode, sum(d.delta)
  FROM (
    SELECT b.*, 1 AS delta FROM new_rows r
    CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
    UNION ALL
    SELECT b.*, -1 FROM old_rows r
    CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  ) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (report, grain, day, label, mode) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_report_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_report_counts_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_insert();
--> statement-breakpoint
CREATE TRIGGER orders_report_counts_upd AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_update();
--> statement-breakpoint
CREATE TRIGGER orders_report_counts_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_delete();
--> statement-breakpoint
CREATE TRIGGER orders_report_counts_trunc AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_truncate();
--> statement-breakpoint
-- 2. order_log_days (Order Processing Logs): per order, one row per UTC day with log lines and a link to
--    its next such day ('infinity' for the last). The orders with lines between days a and b are exactly the
--    rows with day in [a, b] and next_day > b (each order's last day in the range), so the list pages them
--    by last_at and order_log_day_counts gives the exact total. Recomputed per touched order from its own
--    lines (an order has few), under the order's row lock so concurrent writers to one order take turns.
CREATE OR REPLACE FUNCTION order_log_days_refresh(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_days date[];
  old_next date[];
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE order_id = ANY(p_ids) ORDER BY order_id FOR NO KEY UPDATE;
  WITH gone AS (DELETE FROM order_log_days WHERE order_id = ANY(p_ids) RETURNING day, next_day)
  SELECT array_agg(day), array_agg(next_day) INTO old_days, old_next FROM gone;
  WITH fresh AS (
    INSERT INTO order_log_days (order_id, day, next_day, last_at, steps)
    SELECT s.order_id, s.day, coalesce(lead(s.day) OVER (PARTITION BY s.order_id ORDER BY s.day), 'infinity'::date), s.last_at, s.steps
    FROM (
      SELECT l.order_id, (l.update_time AT TIME ZONE 'UTC')::date AS day, max(l.update_time) AS last_at, count(*)::int AS steps
      FROM process_logs l WHERE l.order_id = ANY(p_ids) GROUP BY 1, 2
    ) s
    RETURNING day, next_day
  )
  INSERT INTO order_log_day_counts AS c (day, next_day, shard, n)
  SELECT d.day, d.next_day, (pg_backend_pid() % 16)::smallint, sum(d.delta)
  FROM (
    SELECT f.day, f.next_day, 1 AS delta FROM fresh f
    UNION ALL
    SELECT o.day, o.next_day, -1 FROM unnest(old_days, old_next) AS o(day, next_day)
  ) d
  GROUP BY d.day, d.next_day
  HAVING sum(d.delta) <> 0
  ORDER BY d.day, d.next_day
  ON CONFLICT (day, next_day, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_logs_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_log_days_refresh((SELECT array_agg(DISTINCT order_id) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_logs_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_log_days_refresh((SELECT array_agg(DISTINCT order_id) FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_logs_days_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_log_days_refresh((SELECT array_agg(DISTINCT order_id) FROM (
    SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows) ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION process_logs_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_log_days;
  DELETE FROM order_log_day_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER process_logs_days_ins AFTER INSERT ON process_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION process_logs_days_insert();
--> statement-breakpoint
CREATE TRIGGER process_logs_days_upd AFTER UPDATE ON process_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION process_logs_days_update();
--> statement-breakpoint
CREATE TRIGGER process_logs_days_del AFTER DELETE ON process_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION process_logs_days_delete();
--> statement-breakpoint
CREATE TRIGGER process_logs_days_trunc AFTER TRUNCATE ON process_logs
  FOR EACH STATEMENT EXECUTE FUNCTION process_logs_days_truncate();
--> statement-breakpoint
-- Orders and log lines that already exist (a database migrated after it had orders).
INSERT INTO order_report_counts (report, grain, day, label, mode, n)
SELECT b.report, b.grain, b.day, b.label, b.mode, count(*)
FROM orders r
CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO order_log_days (order_id, day, next_day, last_at, steps)
SELECT s.order_id, s.day, coalesce(lead(s.day) OVER (PARTITION BY s.order_id ORDER BY s.day), 'infinity'::date), s.last_at, s.steps
FROM (
  SELECT order_id, (update_time AT TIME ZONE 'UTC')::date AS day, max(update_time) AS last_at, count(*)::int AS steps
  FROM process_logs GROUP BY 1, 2
) s;
--> statement-breakpoint
INSERT INTO order_log_day_counts (day, next_day, shard, n)
SELECT day, next_day, 0, count(*) FROM order_log_days GROUP BY 1, 2;
