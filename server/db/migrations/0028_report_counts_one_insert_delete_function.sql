-- The report counters' insert and delete triggers differed only in the sign of the count and the
-- name of their transition table. One function now serves both, the sign from TG_OP, as the folder counters do since
-- migration 0013; both triggers name their transition table changed_rows. The counts are unchanged: the same
-- buckets, the same sums. CREATE OR REPLACE TRIGGER takes a SHARE ROW EXCLUSIVE lock on orders for a catalogue
-- change only (reads go on; writes wait a moment), and the triggers are replaced inside this one transaction, so no
-- insert or delete is ever counted by none or by both.
CREATE OR REPLACE FUNCTION orders_report_counts_insert_or_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO order_report_counts AS c (report, grain, day, label, n_standard, n_priority, n_future)
  SELECT b.report, b.grain, b.day, b.label,
    sign * count(*) FILTER (WHERE b.mode = 'standard'), sign * count(*) FILTER (WHERE b.mode = 'priority'),
    sign * count(*) FILTER (WHERE b.mode = 'future')
  FROM changed_rows r
  CROSS JOIN LATERAL order_report_buckets(r.process_status, r.processing_mode, r.nationality, r.created_at, r.processed_by_name, r.processed_at) b
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (report, grain, day, label) DO UPDATE SET
    n_standard = c.n_standard + excluded.n_standard, n_priority = c.n_priority + excluded.n_priority, n_future = c.n_future + excluded.n_future;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_report_counts_ins AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_insert_or_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_report_counts_del AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_report_counts_insert_or_delete();
--> statement-breakpoint
DROP FUNCTION orders_report_counts_insert();
--> statement-breakpoint
DROP FUNCTION orders_report_counts_delete();
