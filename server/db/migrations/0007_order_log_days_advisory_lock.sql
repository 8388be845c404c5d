-- Writers of one order's log lines take turns on a transaction-level advisory lock per order
-- instead of the orders row lock of migration 0006, so a process-log line never waits for (or dirties)
-- the orders row, and cannot deadlock against a transaction that updates the order. A batch of more
-- than 64 orders (bulk loads) locks order_log_days itself instead of taking one advisory lock per order.
-- Key space: (6, order_id mod 2^31 - 1); a collision only makes two orders take turns.
CREATE OR REPLACE FUNCTION order_log_days_refresh(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_days date[];
  old_next date[];
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  IF cardinality(p_ids) > 64 THEN
    LOCK TABLE order_log_days IN EXCLUSIVE MODE;
  ELSE
    PERFORM pg_advisory_xact_lock(6, (k % 2147483647)::int) FROM unnest(p_ids) AS k ORDER BY k;
  END IF;
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
